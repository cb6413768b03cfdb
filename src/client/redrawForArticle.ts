/** The editor's photo redraw, apart from compressImage.ts so readers' pages (avatars, the board) never carry it. */
import { ARTICLE_PHOTO_QUALITY, redrawPlan } from '../lib/browser/articleImages';
import { encode } from './compressImage';

/**
 * An article's image redrawn on this device as `redrawPlan` says (lib/browser/articleImages.ts),
 * or null to send the file as it is: a GIF, an image the site keeps at its size, or one this
 * browser cannot decode (the server then judges it).
 */
export async function redrawForArticle(file: File): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const plan = redrawPlan(file.type, bitmap.width, bitmap.height);
  if (!plan) {
    bitmap.close();
    return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, plan.width, plan.height);
  bitmap.close();
  const blob = await encode(canvas, plan.type, ARTICLE_PHOTO_QUALITY);
  // A browser that cannot write the format hands back PNG: then the file goes as it is.
  return blob.type === plan.type ? blob : null;
}
