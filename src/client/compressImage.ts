/**
 * Re-encodes a picked image in the browser before upload: drawn on a canvas, so
 * nothing but the pixels survives (no EXIF location, no camera data), scaled to at most 1600 px,
 * then quality steps down until ≤ 800 KB. EXIF orientation is applied while decoding.
 */
import { compressToTarget, fitWithin, reencodeType } from '../lib/browser/compress';

/** The canvas as a file of `type` (also the editor's redraw, redrawForArticle.ts). */
export function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片编码失败'))), type, quality),
  );
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
