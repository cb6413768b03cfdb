/**
 * Every check that reads what a reader sends, fed 100 KB strings built to make a backtracking
 * pattern blow up (long runs of one character with a rejecting end). A linear check answers each
 * in well under a millisecond; a quadratic one takes seconds. The bound below is hundreds of times
 * what a linear check needs even on a loaded machine, so it only catches the blow-up.
 */
import { describe, expect, it } from 'vitest';
import { nickNameProblem, passwordProblem, usernameProblem } from '../../src/lib/shared/accountRules';
import { isRelativeImage } from '../../src/lib/node/contentImages';
import { cssColor } from '../../src/lib/shared/cssColor';
import { isCurrentPath } from '../../src/lib/browser/headerMenu';
import { iconUrlProblem } from '../../src/lib/browser/linkForm';
import { linkify } from '../../src/lib/browser/linkify';
import { linkDescProblem, linkNameProblem, linkUrlProblem } from '../../src/lib/shared/linkRules';
import { isUploadPath } from '../../src/lib/browser/messageLook';
import {
  colorProblem,
  fontSizeProblem,
  fontWeightProblem,
  messageProblem,
  tagProblem,
} from '../../src/lib/shared/messageRules';
import { countWords, plainText } from '../../src/lib/node/reading';
import { routeAfterLogin, sameSitePath } from '../../src/lib/browser/redirect';
import { isWebUrl, orderNoFromSearch } from '../../src/lib/shared/shop';
import { commentContentProblem, hasControlCharacters } from '../../src/lib/shared/text';
import { withoutTrailingSlash } from '../../src/lib/shared/trim';
import { imageUrlAllowed } from '../../src/server/http/cspSources';
import { legacyRedirect } from '../../src/server/http/legacyRedirect';
import { isUploadedImagePath } from '../../src/server/uploads/images';
import { addressKey } from '../../src/server/users/places';

const SIZE = 100 * 1024;
const run = (unit: string, tail = '!') => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE) + tail;

/** Runs of every character the patterns quantify, each with an end that makes the match fail. */
const ATTACKS: Record<string, string> = {
  digits: run('1', 'x'),
  colour: `rgba(1,1,1,${run('1', 'x')}`,
  hsl: `hsla(${run('1', 'x')}`,
  fraction: `rgb(1,1,1,${run('0.', 'x')}`,
  slashes: `${run('/', 'a')}?x`,
  spaces: run(' ', 'x'),
  tabs: run('\t', '\u0000'),
  newlines: run('\n', 'x'),
  brackets: run('['),
  bracketPairs: run('[]('),
  angles: run('<'),
  backticks: run('`'),
  fences: run('```\n'),
  dashes: run('-', 'x'),
  percents: run('%'),
  hashes: run('#'),
  dots: run('.'),
  addresses: `http://${run('a.', ')')}`,
  uploads: `/uploads/${run('a', '.png?')}`,
  pixels: `${run('1', 'p')}x`,
  unicode: run('前端😀'),
};

const VALIDATORS: Record<string, (input: string) => unknown> = {
  usernameProblem,
  passwordProblem: (value) => passwordProblem(value),
  nickNameProblem,
  isRelativeImage,
  cssColor,
  colorProblem: colorProblem('颜色'),
  fontSizeProblem,
  fontWeightProblem,
  messageProblem,
  tagProblem,
  commentContentProblem,
  hasControlCharacters,
  iconUrlProblem,
  linkNameProblem,
  linkDescProblem,
  linkUrlProblem,
  linkify,
  isUploadPath,
  isUploadedImagePath,
  plainText,
  countWords,
  sameSitePath,
  routeAfterLogin: (value) => routeAfterLogin(`?redirect=${encodeURIComponent(value)}`, value),
  isWebUrl: (value) => isWebUrl(value, 'https://blog.example'),
  orderNoFromSearch: (value) => orderNoFromSearch(`?no=${value}`),
  isCurrentPath: (value) => isCurrentPath(value, '/category'),
  withoutTrailingSlash,
  imageUrlAllowed: (value) => imageUrlAllowed(value, ['https://*.example.com']),
  legacyRedirect: (value) => legacyRedirect(value.split('?')[0], `?id=${value}`),
  addressKey,
};

/** Far above a linear check's time on 100 KB, far below a quadratic one's. */
const BOUND_MS = 500;

describe('validators on 100 KB adversarial input', () => {
  it('answer every attack string quickly', () => {
    const slow: string[] = [];
    for (const [name, validate] of Object.entries(VALIDATORS)) {
      for (const [attack, input] of Object.entries(ATTACKS)) {
        const started = performance.now();
        try {
          validate(input);
        } catch {
          // Refusing by throwing is an answer too; only the time matters here.
        }
        const took = performance.now() - started;
        if (took > BOUND_MS) slow.push(`${name}(${attack}): ${took.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it('refuse the attack strings that are no valid value', () => {
    expect(cssColor(ATTACKS.colour)).toBeNull();
    expect(colorProblem('颜色')(ATTACKS.digits)).not.toBeNull();
    expect(sameSitePath(ATTACKS.slashes)).toBeNull();
    expect(legacyRedirect(ATTACKS.slashes.split('?')[0], '?x')).toBeNull();
  });
});
