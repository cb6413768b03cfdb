/**
 * The parts of the site an owner can switch off (site config `features`, and `FEATURES_OFF`).
 * A part switched off leaves the navigation and the sitemap, its pages are not built (so they
 * answer 404), its API answers 404, and none of its code or styles reach a reader.
 */
export const FEATURES = ['shop', 'links', 'board', 'talks', 'music', 'comments', 'offline'] as const;
export type Feature = (typeof FEATURES)[number];
export type FeatureSwitches = Record<Feature, boolean>;

/** The folder of `src/features/` that holds each part's pages; it is also their address, `/pay/…`. */
export const FEATURE_PAGES: Partial<Record<Feature, string>> = {
  shop: 'pay',
  links: 'link',
  board: 'message',
  talks: 'talk',
  offline: 'offline',
};

/** Each part's API, as mounted under `/api` (the music player's is `/wapi`, mounted beside it). */
export const FEATURE_APIS: Record<Feature, string[]> = {
  shop: ['/shop', '/license'],
  links: ['/links'],
  board: ['/message'],
  talks: ['/talk'],
  music: [],
  comments: ['/comment'],
  offline: [],
};

/** Names a switch had before, still understood in `FEATURES_OFF` so an existing deployment keeps working. */
const FORMER_NAMES: Record<string, string> = { downloads: 'links' };

/**
 * The site config's switches, with the names in `off` (comma-separated, or `all`) turned off too:
 * a deployment can switch parts off without editing the config. An unknown name is an error, so a
 * typo never leaves a part on unnoticed.
 */
export function featureSwitches(configured: FeatureSwitches, off = ''): FeatureSwitches {
  const names = off
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => FORMER_NAMES[name] ?? name);
  const unknown = names.filter((name) => name !== 'all' && !(FEATURES as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`FEATURES_OFF 里有不认识的功能：${unknown.join('、')}（可选：${FEATURES.join('、')}、all）`);
  return Object.fromEntries(
    FEATURES.map((feature) => [feature, configured[feature] && !names.includes(feature) && !names.includes('all')]),
  ) as FeatureSwitches;
}
