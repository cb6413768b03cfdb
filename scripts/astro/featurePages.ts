/**
 * The pages of the parts an owner can switch off live in `src/features/<folder>/`, not
 * `src/pages/`: this integration adds the pages of the parts that are on, each at the address its
 * file would have under `src/pages/` (`src/features/pay/[slug].astro` → `/pay/[slug]`). A part
 * switched off is never built, so its pages answer 404 and leave the sitemap by themselves.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FEATURE_PAGES, FEATURES, type FeatureSwitches } from '../../src/lib/shared/features.ts';

const FEATURES_DIR = fileURLToPath(new URL('../../src/features/', import.meta.url));

/** `pay/index.astro` → `/pay`, `pay/[slug].astro` → `/pay/[slug]`; files starting with `_` are not pages. */
export function pagePattern(file: string): string | null {
  const name = file.split('/').at(-1)!;
  if (name.startsWith('_') || !/\.(astro|ts)$/.test(name)) return null;
  return `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`;
}

export function featurePages(features: FeatureSwitches): AstroIntegration {
  return {
    name: 'feature-pages',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        for (const feature of FEATURES) {
          const folder = FEATURE_PAGES[feature];
          if (!folder || !features[feature]) continue;
          for (const file of readdirSync(`${FEATURES_DIR}${folder}`, { recursive: true, encoding: 'utf8' }).sort()) {
            const pattern = pagePattern(`${folder}/${file}`);
            if (pattern) injectRoute({ pattern, entrypoint: `${FEATURES_DIR}${folder}/${file}` });
          }
        }
      },
    },
  };
}
