/**
 * An article's image on its way from the owner's device: what is redrawn on this device before it
 * is sent, and what the console says while it goes. A phone photo (12 megapixels, 3–8 MB) is
 * redrawn at 2560 px: about 1 MB to send instead of 8, upright, and without its EXIF, so where it
 * was taken never leaves the device. The server shrinks and strips whatever comes as it is.
 */
import { CONTENT_IMAGE_MAX_SIDE_PX } from '../../contract/limits.ts';
import { fitWithin } from './compress.ts';

export type { UploadPhase, UploadProgress } from '../../contract/writing.ts';

/** The quality a photo is redrawn at: the site's own copies are made from it, so it stays high. */
export const ARTICLE_PHOTO_QUALITY = 0.9;

export interface RedrawPlan {
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/**
 * How to redraw an image before upload, or null to send it as it is. A JPEG is always redrawn
 * (phones write their location into it); a PNG or WebP only when larger than the site keeps, in
 * its own format (a screenshot stays sharp, transparency stays); a GIF never, as a canvas would
 * keep only its first frame.
 */
export function redrawPlan(type: string, width: number, height: number): RedrawPlan | null {
  const size = fitWithin(width, height, CONTENT_IMAGE_MAX_SIDE_PX);
  if (type === 'image/jpeg') return { type, ...size };
  if ((type === 'image/png' || type === 'image/webp') && Math.max(width, height) > CONTENT_IMAGE_MAX_SIDE_PX)
    return { type, ...size };
  return null;
}

/** Sent bytes as a percentage, never 100 before the last byte (the server still has work then). */
export const sentPercent = (loaded: number, total: number) => (total > 0 ? Math.min(99, (loaded / total) * 100) : 0);
