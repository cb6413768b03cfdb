/**
 * The web app manifest (`/manifest.webmanifest`), from the site config: a reader can add the blog
 * to a phone's home screen, where it opens at /home without the browser's bars.
 */
export interface AppIcon {
  /** The file's name under /icons/. */
  name: string;
  size: number;
  purpose: 'any' | 'maskable';
}

/** What launchers ask for: 192 px on the home screen, 512 px for the splash screen, and one with room to be cut to a circle. */
export const APP_ICONS: AppIcon[] = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'maskable-512.png', size: 512, purpose: 'maskable' },
];

export interface ManifestSource {
  title: string;
  shortName: string;
  description: string;
  colors: { light: string; dark: string };
}

export function appManifest({ title, shortName, description, colors }: ManifestSource) {
  return {
    id: '/home',
    name: title,
    short_name: shortName,
    description,
    lang: 'zh-CN',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: colors.light,
    background_color: colors.light,
    // The dark theme's colours, where the browser reads them (a proposal Chromium-based browsers follow).
    user_preferences: { color_scheme_dark: { theme_color: colors.dark, background_color: colors.dark } },
    icons: APP_ICONS.map(({ name, size, purpose }) => ({
      src: `/icons/${name}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}
