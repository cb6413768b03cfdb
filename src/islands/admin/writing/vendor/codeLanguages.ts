/**
 * The languages the Markdown editor colours inside fenced code: none. `@codemirror/language-data`
 * brings about 300 language modules that every build would bundle, for colours the preview beside
 * it already shows with the site's own highlighter (astro.config.mjs points the editor here).
 */
import type { LanguageDescription } from '@codemirror/language';

export const languages: LanguageDescription[] = [];
