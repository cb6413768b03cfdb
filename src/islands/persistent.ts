/**
 * The islands every page keeps across navigations (components/PersistentIslands.astro). Astro
 * hydrates each from the module it is imported from: one module for both is one file to fetch.
 */
export { default as Toaster } from './toast/Toaster';
export { default as Player } from './player/Player';
