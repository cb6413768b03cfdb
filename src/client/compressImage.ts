/** Shrinks a picked image in the browser before upload (SPEC section 5): quality steps down until ≤ 800 KB. */
import { COMPRESS_TARGET_BYTES, compressToTarget } from '../lib/compress';

const MAX_SIDE = 1600;

export async function compressImage(file: File): Promise<Blob> {
  // Small files and GIFs (which a canvas would flatten to one frame) go up as they are.
  if (file.size <= COMPRESS_TARGET_BYTES || file.type === 'image/gif') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const { result } = await compressToTarget(
    (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片编码失败'))), 'image/jpeg', quality),
      ),
  );
  return result;
}
