/**
 * Chinese is drawn in a CJK font, as on every Chinese phone. Without one, Chromium draws it in a
 * fallback of other widths, and a header that overflows on a real phone passes here. So each worker
 * asks Chromium itself which platform fonts drew a line of Chinese in the site's own font stack, and
 * fontconfig which of the machine's fonts cover Chinese: one of the first must be among the second.
 */
import type { Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const INSTALL = '请先安装中文字体：apt-get install -y fonts-noto-cjk（.ci/run 会装好它）';

/** `--font-sans` of the theme tokens: what the site's text is set in. */
const siteFontStack = () => /--font-sans:\s*([^;]+);/.exec(readFileSync('src/styles/tokens.scss', 'utf8'))![1];

/** The families fontconfig has for Chinese. */
function chineseFamilies(): Set<string> {
  try {
    const listed = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
    return new Set(
      listed
        .split('\n')
        .flatMap((line) => line.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    );
  } catch {
    return new Set();
  }
}

/** What is wrong with the fonts Chromium draws Chinese in, or null when it is a CJK font. */
export async function cjkFontProblem(browser: Browser): Promise<string | null> {
  const families = chineseFamilies();
  if (families.size === 0) return `这台机器上没有中文字体（fc-list :lang=zh 为空）。${INSTALL}`;
  const page = await browser.newPage();
  try {
    await page.setContent(`<p lang="zh-CN" style="font-family: ${siteFontStack()}">手机上的中文读者</p>`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'p' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const drawnIn = fonts.map(({ familyName }) => familyName);
    if (fonts.some(({ familyName, glyphCount }) => glyphCount > 0 && families.has(familyName))) return null;
    return `Chromium 用「${drawnIn.join('、') || '无'}」画中文，不是中文字体。${INSTALL}`;
  } finally {
    await page.close();
  }
}
