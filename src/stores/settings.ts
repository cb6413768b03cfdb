/** Reader preferences kept on this device. */
import { persistentAtom } from '@nanostores/persistent';
import type { PageHeaderEntry } from '../lib/pageHeader';
import { storedCodec } from '../lib/storage';

export { $theme, setTheme, toggleTheme } from './theme';

export const PREVIEW_THEMES = ['default', 'github', 'vuepress', 'mk-cute', 'smart-blue', 'cyanosis'] as const;
export const CODE_THEMES = ['atom', 'a11y', 'github', 'gradient', 'kimbie', 'paraiso', 'qtcreator', 'stackoverflow'] as const;

export type PreviewTheme = (typeof PREVIEW_THEMES)[number];
export type CodeTheme = (typeof CODE_THEMES)[number];

/** An entry of GET /api/pageHeader/getAll: the original front end's `route_name`, our `path`. */
export type PageHeader = PageHeaderEntry;

const oneOf =
  <T extends string>(options: readonly T[]) =>
  (v: unknown): v is T =>
    options.includes(v as T);
const isPageHeaders = (v: unknown): v is PageHeader[] =>
  Array.isArray(v) && v.every((h) => typeof h?.route_name === 'string' && typeof h?.path === 'string' && typeof h?.bg_url === 'string');

export const $previewTheme = persistentAtom<PreviewTheme>('previewTheme', 'default', storedCodec<PreviewTheme>('default', oneOf(PREVIEW_THEMES)));
export const $codeTheme = persistentAtom<CodeTheme>('codeTheme', 'atom', storedCodec<CodeTheme>('atom', oneOf(CODE_THEMES)));
export const $pageHeaderList = persistentAtom<PageHeader[]>('pageHeaderList', [], storedCodec([], isPageHeaders));

export const setPreviewTheme = (theme: PreviewTheme) => $previewTheme.set(theme);
export const setCodeTheme = (theme: CodeTheme) => $codeTheme.set(theme);
export const setPageHeaderList = (list: PageHeader[]) => $pageHeaderList.set(list);
