import { existsSync } from 'node:fs';

/** Debian's Chromium, started so it never reaches for the network (tests and benchmarks share this). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser tests' Chromium: Debian's headless shell of the same build when it is installed,
 * as Playwright itself runs headless tests. The full browser opens a window with its own toolbar
 * pages for every new profile, 0.46 s of processor time each against 0.10 s, and the suite opens
 * hundreds. Pages are drawn by the same engine with the same fonts.
 */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
