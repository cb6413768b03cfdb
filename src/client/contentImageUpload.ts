/** An image for an article or a cover, sent with its progress shown (docs/api.md §11.3). */
import { WRITING_IMAGE } from '../contract/routes';
import { callWith } from './api';
import { progressFetch } from './progressFetch';

/** The longest an image upload may take in all. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** `onProgress` hears the bytes sent; a photo of 20 MB on a slow line may take minutes, so only a stalled one times out. */
export const uploadContentImage = (
  file: Blob,
  use: 'images' | 'covers',
  onProgress: (loaded: number, total: number) => void = () => {},
) => callWith(progressFetch(onProgress), UPLOAD_TIMEOUT_MS)(WRITING_IMAGE, { file, use });
