/**
 * How a message is drawn from its style fields. The server checked them when the message
 * was saved; they are checked again here, because they become a style attribute, and a value
 * that slipped through must not carry anything else into it.
 */
import { MESSAGE_FONT_SIZE_MAX_PX, MESSAGE_FONT_SIZE_MIN_PX } from '../../contract/limits.ts';
import type { BoardMessage } from '../../contract/messages.ts';
import { isCssColor } from '../shared/cssColor.ts';
import { fontSizeProblem, fontWeightProblem } from '../shared/messageRules.ts';

export interface MessageLook {
  color?: string;
  fontSize?: string;
  fontWeight?: string;
  backgroundColor?: string;
  backgroundImage?: string;
}

/**
 * An upload of this site, by its path or its absolute address (as the API answers it): nothing
 * that could end the CSS url().
 */
const UPLOAD_PATH = /^(?:https?:\/\/[\w.:-]+)?\/uploads\/[\w.-]+$/;

export const isUploadPath = (value: string) => UPLOAD_PATH.test(value);

export function messageLook(
  message: Pick<BoardMessage, 'color' | 'font_size' | 'font_weight' | 'bg_color' | 'bg_url'>,
): MessageLook {
  const look: MessageLook = {};
  if (message.color && isCssColor(message.color)) look.color = message.color;
  const fontSize = message.font_size === null ? '' : `${message.font_size}px`;
  if (fontSize && !fontSizeProblem(fontSize)) look.fontSize = fontSize;
  if (message.font_weight && !fontWeightProblem(String(message.font_weight)))
    look.fontWeight = String(message.font_weight);
  if (message.bg_color && isCssColor(message.bg_color)) look.backgroundColor = message.bg_color;
  if (message.bg_url && isUploadPath(message.bg_url)) look.backgroundImage = `url("${message.bg_url}")`;
  return look;
}

/** The font sizes the publish form offers, every 2 px across the allowed range. */
export const FONT_SIZES = Array.from(
  { length: (MESSAGE_FONT_SIZE_MAX_PX - MESSAGE_FONT_SIZE_MIN_PX) / 2 + 1 },
  (_, i) => `${MESSAGE_FONT_SIZE_MIN_PX + i * 2}px`,
);
export const FONT_WEIGHTS = ['', 'normal', 'bold', '300', '500', '700', '900'];
