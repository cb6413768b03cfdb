/**
 * Re-encodes a picked image in the browser before upload: drawn on a canvas, so
 * nothing but the pixels survives (no EXIF location, no camera data), scaled to at most 1600 px,
 * then quality steps down until ≤ 800 KB. EXIF orientation is applied while decoding.
 */
import { ARTICLE_PHOTO_QUALITY, redrawPlan } from '../lib/browser/articleImages';
import { compressToTarget, fitWithin, reencodeType } from '../lib/browser/compress';

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片编码失败'))), type, quality));
}

export async function compressImage(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  let type: string = reencodeType(file.type);
  // A browser that cannot write WebP hands back PNG; then JPEG on white, so transparency turns white, not black.
  if (type === 'image/webp' && (await encode(canvas, type, 0.9)).type !== type) type = 'image/jpeg';
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { result } = await compressToTarget((quality) => encode(canvas, type, quality));
  return result;
}

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
