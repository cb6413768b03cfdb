/**
 * The images Astro's build will encode for one image beside the articles, under the names its
 * cache keeps them by, so they can be encoded ahead of a build, which then copies them instead.
 *
 * How Astro 7 names a cached image (astro/dist/assets): the build copies the original into the
 * output as `_astro/<name>.<hash>.<ext>`, the hash being rolldown's hash of the file's bytes.
 * Each image the pages ask for (`getImage`) is the original's name, `_`, a short hash of the
 * request (`hashTransform`: the original's metadata and the width, height, format, quality, fit,
 * position and background asked for) and the format's extension (`propsToFilename`); the build
 * writes it to `<cacheDir>/assets/` under that name and copies it from there when it is found.
 * Everything here is Astro's and rolldown's own code run outside the build: rolldown names the
 * file, and Astro's `getImage`, with its image service and a stand-in for its build hook, turns
 * the same requests the pages make into the same names, so no rule of theirs is copied.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImageMetadata, ImageTransform, LocalImageService, UnresolvedImageTransform } from 'astro';
import { unescapeHtml } from '../shared/html.ts';
import type { ImageAttributes } from './contentImages.ts';
import {
  CARD_COVER_SIZES,
  COVER_FALLBACK_FORMAT,
  COVER_FORMAT,
  coverWidth,
  IMAGE_WIDTHS,
  SHARE_IMAGE_FORMAT,
  SHARE_IMAGE_WIDTH,
  articleBodyImages,
} from './imageLayout.ts';

/** Astro's image settings as astro.config.mjs leaves them (its defaults): the service's name is part of every cache name. */
export const ASTRO_IMAGE_CONFIG = {
  endpoint: { route: '/_image' },
  service: { entrypoint: 'astro/assets/services/sharp', config: {} },
  domains: [],
  remotePatterns: [],
  responsiveStyles: false,
  dangerouslyProcessSVG: false,
};

/** Where the build puts the images it copies (Astro's `build.assets`). */
const ASSETS_FOLDER = '_astro';

export type ImageUse = 'images' | 'covers';

export interface CachedImage {
  /** Its name in the cache folder. */
  name: string;
  /** What the build asks the image service for. */
  transform: ImageTransform;
}

/** rolldown as the build runs it: the one Astro's Vite depends on. */
async function bundler(): Promise<typeof import('rolldown')> {
  const fromAstro = createRequire(createRequire(import.meta.url).resolve('astro/package.json'));
  const fromVite = createRequire(fromAstro.resolve('vite/package.json'));
  return import(pathToFileURL(fromVite.resolve('rolldown')).href);
}

/** `/_astro/<name>.<hash>.<ext>`: the name the build gives the original file, from rolldown's hash of its bytes. */
async function builtOriginalPath(file: string, bytes: Buffer): Promise<string> {
  const { rolldown } = await bundler();
  const entry = '\0image-cache-entry';
  const bundle = await rolldown({
    input: entry,
    logLevel: 'silent',
    plugins: [
      {
        name: 'image-cache-original',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? 'export {}' : null),
        buildStart() {
          this.emitFile({ type: 'asset', name: basename(file), source: bytes });
        },
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ assetFileNames: `${ASSETS_FOLDER}/[name].[hash][extname]` });
    const asset = output.find((item) => item.type === 'asset');
    if (!asset) throw new Error('rolldown 没有输出图片文件');
    return `/${asset.fileName}`;
  } finally {
    await bundle.close();
  }
}

/**
 * The image's metadata as the pages see it: Astro's own probe, with the built file's path, and
 * only what survives the JSON its module is written as (no `fsPath`, no unset `orientation`).
 */
async function builtMetadata(file: string, bytes: Buffer): Promise<ImageMetadata> {
  const { emitImageMetadata } = await import('astro/assets/utils/node');
  const probed = await emitImageMetadata(file, () => 'original');
  if (!probed) throw new Error(`读不到图片：${file}`);
  const { contents: _contents, ...meta } = probed as typeof probed & { contents?: unknown };
  return JSON.parse(JSON.stringify({ ...meta, src: await builtOriginalPath(file, bytes) }));
}

/** The props an article body's image gets from the site's Markdown processor, as the build's image step reads them. */
async function bodyImageProps(): Promise<Record<string, unknown>> {
  const { createSatteriMarkdownProcessor } = await import('@astrojs/markdown-satteri');
  const processor = await createSatteriMarkdownProcessor({
    syntaxHighlight: false,
    hastPlugins: [articleBodyImages],
  } as never);
  const { code } = await processor.render('![](./images/a.jpg)');
  const marker = /__ASTRO_IMAGE_="([^"]+)"/.exec(code);
  if (!marker) throw new Error('Markdown 处理器没有标出图片');
  const { src: _src, ...props } = JSON.parse(unescapeHtml(marker[1]));
  return props;
}

/** What the pages ask Astro for: an article body's image (ArticleBody, the API's copy) or a cover (CoverImage.astro, the share image of data/articles.ts). */
export async function imageRequests(use: ImageUse, src: ImageMetadata): Promise<UnresolvedImageTransform[]> {
  if (src.format === 'svg') return [];
  if (use === 'images') return [{ ...(await bodyImageProps()), src } as UnresolvedImageTransform];
  const width = coverWidth(src.width);
  return [
    ...[COVER_FORMAT, COVER_FALLBACK_FORMAT].map((format) => ({
      src,
      alt: '',
      width,
      widths: IMAGE_WIDTHS,
      sizes: CARD_COVER_SIZES,
      format,
    })),
    { src, width: Math.min(src.width, SHARE_IMAGE_WIDTH), format: SHARE_IMAGE_FORMAT },
  ];
}

export interface PlannedImages {
  /** Every image the build will encode, by its name in the cache. */
  images: CachedImage[];
  /** For a body image: the attributes its `<img>` gets in the build, pointing at those images. */
  attributes: ImageAttributes | null;
}

/** A built image's address as Astro's build hook gives it: the path, URL-encoded as its placeholder URL leaves it (vite-plugin-assets). */
const builtAddress = (path: string) =>
  new URL(encodeURI(path), 'astro://placeholder').href.replace('astro://placeholder', '');

/** What the build will encode for `file` used as `use`, and, for a body image, the `<img>` it will write. */
export async function plannedImages(file: string, use: ImageUse): Promise<PlannedImages> {
  const bytes = await readFile(file);
  const src = await builtMetadata(file, bytes);
  const [{ getImage, hashTransform, propsToFilename }, { default: sharpService }] = await Promise.all([
    import('astro/assets'),
    import('astro/assets/services/sharp'),
  ]);
  const found = new Map<string, CachedImage>();
  // Astro's build hook, standing in: each image a request adds is named as the build names it.
  globalThis.astroAsset = {
    // URLs are for Vite's dev server and read its environment; the build never uses them.
    imageService: { ...sharpService, getURL: () => '' } as LocalImageService,
    referencedImages: new Set(),
    addStaticImage(transform, hashProperties) {
      const hash = hashTransform(transform, ASTRO_IMAGE_CONFIG.service.entrypoint, hashProperties);
      const path = propsToFilename(src.src, transform, hash);
      found.set(basename(path), { name: basename(path), transform });
      return builtAddress(path);
    },
  };
  const logger = { info() {}, warn() {}, error() {} };
  let attributes: ImageAttributes | null = null;
  for (const request of await imageRequests(use, src)) {
    const result = await getImage(request, ASTRO_IMAGE_CONFIG as never, logger);
    // As data/articleImages.ts writes them; reading `src` also names the plain image, as the page reads it.
    // (The Markdown image's place in the body is the page's business, not the `<img>`'s.)
    const { index: _index, ...shown } = result.attributes;
    if (use === 'images')
      attributes = {
        ...shown,
        src: result.src,
        srcset: result.srcSet.values.length > 0 ? result.srcSet.attribute : undefined,
      };
    else void result.src;
  }
  return { images: [...found.values()], attributes };
}

/** Encodes one of them exactly as the build would (Astro's sharp service, its settings). */
export async function encodeCachedImage(source: Buffer, image: CachedImage): Promise<Uint8Array> {
  const { default: sharpService } = await import('astro/assets/services/sharp');
  const src = image.transform.src as ImageMetadata;
  const logger = { info() {}, warn() {}, error() {} };
  const { data } = await (sharpService as LocalImageService).transform(
    source,
    { ...image.transform, src: src.src },
    ASTRO_IMAGE_CONFIG as never,
    logger,
  );
  return data;
}
