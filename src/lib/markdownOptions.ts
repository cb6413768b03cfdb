/**
 * How the site renders Markdown, shared by the build (astro.config.mjs) and the console's preview
 * (src/server/writing/preview.ts), so a preview shows the code colours and heading anchors readers get.
 */
export const shikiConfig = {
  // GitHub's current palettes: every token keeps 4.5 : 1 on its background, which the older github-light and github-dark miss.
  themes: { light: 'github-light-default' as const, dark: 'github-dark-default' as const },
  defaultColor: false as const,
  wrap: false,
};
