/** The client directives the build adds to Astro's (scripts/astro/reactIslands.ts). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the reader reaches for the island, or when the page wakes it (src/client/hydrateOnInteraction.ts). */
    'client:interaction'?: boolean;
  }
}

export {};
