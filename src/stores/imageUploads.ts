/**
 * Images the owner adds to an article, from the place they were added (the body's 上传图片 button,
 * pasting or dropping into the body, the cover's file field): each is redrawn on this device,
 * sent with its progress, and its refusal told at that same place, so nothing happens out of sight.
 * Files picked together go one after another; one refused does not stop the rest.
 */
import { map } from 'nanostores';
import { redrawForArticle } from '../client/redrawForArticle';
import { uploadContentImage } from '../client/contentImageUpload';
import { writingText } from '../i18n/writing.zh-CN';
import { sentPercent, type UploadProgress } from '../lib/browser/articleImages';
import { refusalOf } from '../lib/browser/request';

export type UploadSpot = 'body' | 'cover';

export interface SpotState {
  /** The file going now, or null. */
  progress: UploadProgress | null;
  /** Why the last files refused were refused, one line each. */
  problems: string[];
}

const idle = (): SpotState => ({ progress: null, problems: [] });

export const $imageUploads = map<Record<UploadSpot, SpotState>>({ body: idle(), cover: idle() });

const spotOf = (use: 'images' | 'covers'): UploadSpot => (use === 'covers' ? 'cover' : 'body');

function show(spot: UploadSpot, changes: Partial<SpotState>): void {
  $imageUploads.setKey(spot, { ...$imageUploads.get()[spot], ...changes });
}

/** Uploads `files` as article images (`images`) or a cover (`covers`); answers the paths of those stored. */
export async function uploadArticleImages(files: File[], use: 'images' | 'covers'): Promise<string[]> {
  const spot = spotOf(use);
  const paths: string[] = [];
  const problems: string[] = [];
  show(spot, { problems });
  for (const [i, file] of files.entries()) {
    const progress = (phase: UploadProgress['phase'], percent = 0) =>
      show(spot, { progress: { name: file.name, index: i + 1, total: files.length, phase, percent } });
    progress('redrawing');
    try {
      const redrawn = await redrawForArticle(file);
      progress('sending');
      const uploaded = await uploadContentImage(redrawn ?? file, use, (loaded, total) => {
        if (loaded < total) progress('sending', sentPercent(loaded, total));
        else progress('saving');
      });
      paths.push(uploaded.result!.path);
    } catch (error) {
      problems.push(writingText.uploadProblem(file.name, refusalOf(error, writingText.uploadFailed).message));
      show(spot, { problems: [...problems] });
    }
  }
  show(spot, { progress: null });
  return paths;
}
