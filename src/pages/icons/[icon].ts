/** The app icons the manifest lists, drawn at build time from the site's icon (public/favicon.svg). */
import type { GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { APP_ICONS, type AppIcon } from '../../lib/shared/appManifest';
import { THEME_COLORS } from '../../lib/browser/theme';
import siteIcon from '../../../public/favicon.svg?raw';

export const getStaticPaths = (() =>
  APP_ICONS.map((icon) => ({ params: { icon: icon.name }, props: { ...icon } }))) satisfies GetStaticPaths;

/** A maskable icon's launcher may cut away all but the middle 80%: the drawing keeps inside it. */
const MASKABLE_SHARE = 0.7;

export async function GET({ props: { size, purpose } }: { props: AppIcon }) {
  const drawn = purpose === 'maskable' ? Math.round(size * MASKABLE_SHARE) : size;
  let image = sharp(Buffer.from(siteIcon), { density: 72 * (drawn / 64) * 2 }).resize(drawn, drawn);
  if (purpose === 'maskable') {
    const pad = Math.floor((size - drawn) / 2);
    image = image.extend({
      top: pad,
      left: pad,
      bottom: size - drawn - pad,
      right: size - drawn - pad,
      background: THEME_COLORS.light,
    });
  }
  const png = await image.png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
}
