/**
 * An article's image as the site keeps it: turned upright by its EXIF orientation, at most
 * CONTENT_IMAGE_MAX_SIDE_PX on its long side, and without its metadata. A phone photo's EXIF
 * says where it was taken (often where the owner lives) and which camera took it; once published,
 * every reader could read that from the original. Smaller images also make the build's encodes
 * cheap: a 12-megapixel photo costs it about four times the work of one at 2560 px.
 */
import type { Metadata, Sharp } from 'sharp';
import { CONTENT_IMAGE_MAX_SIDE_PX, MAX_CONTENT_IMAGE_PIXELS } from '../../contract/limits.ts';
import { Refused } from '../shared/errors.ts';
import { readImageHeader } from '../uploads/images.ts';

/**
 * What an image may carry besides its pixels and their colours. A colour profile alone says
 * nothing of the owner (a browser's canvas writes an sRGB one into every JPEG it makes), so an
 * image with nothing else is kept as it is; one re-encoded is converted to sRGB and loses it too.
 */
const carriesMetadata = (meta: Metadata) =>
  Boolean(
    meta.exif ||
    meta.iptc ||
    meta.xmp ||
    meta.tifftagPhotoshop ||
    meta.comments?.length ||
    meta.gainMap ||
    (meta.orientation ?? 1) !== 1,
  );

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Whether nothing follows the image's own end: phones append data after a JPEG's end (a motion
 * photo's video, a maker's trailer) that no decoder reads and no metadata check sees.
 */
function endsWithImage(bytes: Buffer, extension: string): boolean {
  if (extension === 'jpg') return bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
  if (extension === 'png') return bytes.subarray(-PNG_END.length).equals(PNG_END);
  if (extension === 'gif') return bytes.at(-1) === 0x3b;
  return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
}

/** 1 亿, 1600 万: a count of pixels as it is said. */
const inWords = (count: number) => (count % 100_000_000 === 0 ? `${count / 100_000_000} 亿` : `${count / 10_000} 万`);

/** Re-encoded in its own format: a photo stays a JPEG, a screenshot a PNG, an animation keeps its frames. */
function encoded(image: Sharp, format: string): Sharp {
  if (format === 'jpg') return image.jpeg({ quality: 90 });
  if (format === 'png') return image.png();
  if (format === 'webp') return image.webp({ quality: 90 });
  return image.gif();
}

/**
 * The bytes to store for an uploaded image of the given extension (`jpg`, `png`, `webp`, `gif`).
 * An image already small, upright and bare, with nothing after its end (as the console's browser
 * sends a photo it has redrawn), is kept byte for byte, so it is not compressed a second time.
 */
export async function uprightImage(bytes: Buffer, extension: string): Promise<Buffer> {
  const { width, height, pages } = await readImageHeader(bytes);
  if (width * height * pages > MAX_CONTENT_IMAGE_PIXELS) {
    throw new Refused(
      `图片尺寸太大（${width}×${height}${pages > 1 ? `，${pages} 帧` : ''}）：总共不能超过 ${inWords(MAX_CONTENT_IMAGE_PIXELS)}像素`,
      ['file'],
    );
  }
  const { default: sharp } = await import('sharp');
  const animated = pages > 1;
  const source = () => sharp(bytes, { animated, failOn: 'truncated', limitInputPixels: MAX_CONTENT_IMAGE_PIXELS });
  const meta = await source().metadata();
  if (!carriesMetadata(meta) && endsWithImage(bytes, extension) && Math.max(width, height) <= CONTENT_IMAGE_MAX_SIDE_PX)
    return bytes;
  // Without keepMetadata() sharp writes none, and converts the colours to sRGB when it drops a profile.
  let image = source();
  if (!animated) image = image.autoOrient();
  image = image.resize({
    width: CONTENT_IMAGE_MAX_SIDE_PX,
    height: CONTENT_IMAGE_MAX_SIDE_PX,
    fit: 'inside',
    withoutEnlargement: true,
  });
  try {
    return await encoded(image, extension).toBuffer();
  } catch {
    throw new Refused('图片无法读取，可能已经损坏', ['file']);
  }
}
