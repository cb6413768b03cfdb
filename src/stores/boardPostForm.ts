/**
 * The message board's post form (/message/publish): the message being written, or one's own being
 * edited. It outlives a failed send and a trip elsewhere in the tab; it is cleared only once the
 * server has the message. (Publishing articles is the console's: stores/publishStatus.ts.)
 */
import { navigate } from 'astro:transitions/client';
import { map } from 'nanostores';
import { call } from '../client/api';
import { MESSAGE_ADD, MESSAGE_GET, MESSAGE_UPDATE } from '../contract/routes';
import type { MessageDraft } from '../contract/messages';
import { t } from '../i18n/zh-CN';
import {
  colorProblem,
  fontSizeProblem,
  fontWeightProblem,
  messageProblem,
  tagProblem,
} from '../lib/shared/messageRules';
import { refusalOf, RequestError } from '../lib/browser/request';
import { boardChanged } from './board';
import { showToast } from './toast';
import { $userInfo } from './user';

export interface BoardPostDraft {
  /** The id of one's own message being edited, or null for a new one. */
  editing: number | null;
  message: string;
  color: string;
  font_size: string;
  font_weight: string;
  background: 'none' | 'color' | 'image';
  bg_color: string;
  bg_url: string;
  tag: string;
}

const BLANK: BoardPostDraft = {
  editing: null,
  message: '',
  color: '',
  font_size: '',
  font_weight: '',
  background: 'none',
  bg_color: '',
  bg_url: '',
  tag: '',
};

export const $boardPost = map<BoardPostDraft>({ ...BLANK });

export function setBoardPostField<K extends keyof BoardPostDraft>(key: K, value: BoardPostDraft[K]): void {
  $boardPost.set({ ...$boardPost.get(), [key]: value });
}

/** What the server will be sent: only the chosen background, everything trimmed. */
export function toMessageDraft(draft: BoardPostDraft): MessageDraft {
  return {
    message: draft.message.trim(),
    color: draft.color,
    font_size: draft.font_size,
    font_weight: draft.font_weight,
    bg_color: draft.background === 'color' ? draft.bg_color : '',
    bg_url: draft.background === 'image' ? draft.bg_url : '',
    tag: draft.tag.trim(),
  };
}

/** The first thing wrong with the draft, by the rules the server applies too; null when it can be sent. */
export function boardPostProblem(draft: BoardPostDraft): string | null {
  const sent = toMessageDraft(draft);
  if (draft.background === 'image' && !sent.bg_url) return t.board.chooseImage;
  return (
    messageProblem(sent.message) ??
    colorProblem(t.board.color)(sent.color ?? '') ??
    fontSizeProblem(draft.font_size) ??
    fontWeightProblem(String(sent.font_weight ?? '')) ??
    colorProblem(t.board.bgColor)(sent.bg_color ?? '') ??
    tagProblem(sent.tag ?? '')
  );
}

/** Why the message to edit could not be opened; `retry` when trying again may help (the network). */
export interface EditRefusal {
  problem: string;
  retry: boolean;
}

/**
 * Gets the form ready: for `id`, one's own message to edit; for null, a new message, keeping an
 * unsent one. Answers why a message to edit could not be opened (someone else's, gone, or not
 * reached): the form must then not be sent, or it would publish a new message instead.
 */
export async function prepareBoardPost(id: number | null): Promise<EditRefusal | null> {
  const current = $boardPost.get();
  if (id === null) {
    if (current.editing !== null) $boardPost.set({ ...BLANK });
    return null;
  }
  if (current.editing === id) return null;
  try {
    const { result: message } = await call(MESSAGE_GET, { id });
    if (!message) return { problem: t.board.notFound, retry: false };
    if (message.user_id !== $userInfo.get()?.id) return { problem: t.board.notYours, retry: false };
    const background = message.bg_url ? 'image' : message.bg_color ? 'color' : 'none';
    $boardPost.set({
      editing: id,
      message: message.message,
      color: message.color,
      font_size: message.font_size === null ? '' : `${message.font_size}px`,
      font_weight: String(message.font_weight),
      background,
      bg_color: message.bg_color,
      bg_url: message.bg_url,
      tag: message.tag,
    });
    return null;
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return { problem: t.board.notFound, retry: false };
    // Not reached (no network, a timeout, a server error): trying again may help; a refusal would be the same.
    const reached = error instanceof RequestError && error.status >= 400 && error.status < 500 && error.status !== 408;
    return { problem: refusalOf(error, t.board.openFailed).message, retry: !reached };
  }
}

/** Sends the message; on success goes to the board, on failure answers what to show and keeps everything. */
export async function sendBoardPost(): Promise<string | null> {
  const draft = $boardPost.get();
  try {
    if (draft.editing === null) await call(MESSAGE_ADD, toMessageDraft(draft));
    else await call(MESSAGE_UPDATE, { id: draft.editing, ...toMessageDraft(draft) });
  } catch (error) {
    return refusalOf(error, t.board.failed).message;
  }
  showToast(draft.editing === null ? t.board.published : t.board.saved);
  $boardPost.set({ ...BLANK });
  boardChanged();
  await navigate('/message/list');
  return null;
}
