import type { AstroIntegration, ImageMetadata } from 'astro';
import { isRelativeImage } from './contentImages.ts';

/**
 * Where the site's optimised images appear and how wide they are drawn there, so each `srcset`
 * offers sizes a phone or a desktop actually needs. The `sizes` strings follow the page CSS:
 * `.container` is the viewport less 16 px each side (up to 1100 px), and layouts change at
 * 798 px and 1024 px; change them together.
 */

/** Widths generated for covers and article images: 1× and 2× of a card or a phone column, up to a desktop column at 1.5×. */
export const IMAGE_WIDTHS = [360, 560, 720, 960, 1200];

/** A home-page card: full width below 798 px, a 280 px column beside the text above. */
export const CARD_COVER_SIZES = '(max-width: 797.98px) calc(100vw - 32px), 280px';

/** The article column (its 16 px / 32 px padding inside the container, beside the 240 px table of contents from 1024 px). */
export const ARTICLE_COLUMN_SIZES =
  '(max-width: 797.98px) calc(100vw - 64px), (max-width: 1023.98px) calc(100vw - 96px), 772px';

/** The one fixed-size copy of a cover given to link previews (og:image), the feed and the API. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_FORMAT = 'jpeg';

/** A cover is AVIF, with WebP for browsers without it (CoverImage.astro). */
export const COVER_FORMAT = 'avif';
export const COVER_FALLBACK_FORMAT = 'webp';

/** The width a cover is drawn at: its largest `srcset` width doubles as the plain `src`, so no full-size copy is written just for it. */
export const coverWidth = (imageWidth: number) => Math.min(imageWidth, IMAGE_WIDTHS.at(-1)!);

/** The hast element Sätteri hands a plugin, and the part of its context a plugin may use. */
interface HastElement {
  properties?: Record<string, unknown>;
}
interface HastContext {
  setProperty(node: HastElement, key: string, value: unknown): void;
}

/**
 * A Markdown (hast) plugin: images in article bodies get the widths and `sizes` of the article
 * column, which Astro's image step then turns into a `srcset`. SVGs and remote images are left alone.
 */
export const articleBodyImages = {
  name: 'article-body-images',
  element: {
    filter: ['img'],
    visit(node: HastElement, ctx: HastContext) {
      const src = node.properties?.src;
      if (typeof src !== 'string' || !isRelativeImage(src) || /\.svg$/i.test(src)) return;
      ctx.setProperty(node, 'widths', IMAGE_WIDTHS);
      ctx.setProperty(node, 'sizes', ARTICLE_COLUMN_SIZES);
    },
  },
};

/** An Astro integration that adds `articleBodyImages` to the Markdown processor the site is configured with. */
export function articleImages(): AstroIntegration {
  return {
    name: 'article-images',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const options = config.markdown.processor.options as { hastPlugins?: unknown[] };
        (options.hastPlugins ??= []).push(articleBodyImages);
      },
    },
  };
}

/**
 * An image's size and format, read without Astro counting the image as used outside its optimiser:
 * reading any field of an imported image directly makes the build publish the original file as well.
 */
export function imageFacts(image: ImageMetadata): ImageMetadata {
  return (image as ImageMetadata & { clone?: ImageMetadata }).clone ?? image;
}
