import { appManifest } from '../lib/shared/appManifest';
import { THEME_COLORS } from '../lib/browser/theme';
import { site } from '../site.config';

export function GET() {
  const manifest = appManifest({
    title: site.title,
    shortName: site.shortName,
    description: site.description,
    colors: THEME_COLORS,
  });
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } });
}
