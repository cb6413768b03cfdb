/**
 * The old site's name, notice, links and payment codes, written into the owner's settings file
 * (src/site.config.ts), where the owner keeps them by hand. Only the string values of known fields
 * are replaced, each where the file has it, so the file stays the owner's: comments, order and
 * everything else untouched. A field the file does not have as a plain string is left and listed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { ImportedSite, LeftBehind } from './bundle.ts';

/** Our field for each of the import's, with the block it sits in (`social`, `payment`) or none. */
const FIELDS: {
  from: (site: ImportedSite) => string | undefined;
  block: string | null;
  field: string;
  what: string;
}[] = [
  { from: (s) => s.name, block: null, field: 'title', what: '站点名称' },
  { from: (s) => s.avatar, block: null, field: 'avatar', what: '头像' },
  { from: (s) => s.notice, block: null, field: 'notice', what: '公告' },
  { from: (s) => s.motto, block: null, field: 'personalSay', what: '个性签名' },
  { from: (s) => s.links?.github, block: 'social', field: 'github', what: 'GitHub' },
  { from: (s) => s.links?.gitee, block: 'social', field: 'gitee', what: 'Gitee' },
  { from: (s) => s.links?.bilibili, block: 'social', field: 'bilibili', what: 'B 站' },
  { from: (s) => s.links?.qq, block: 'social', field: 'qq', what: 'QQ' },
  { from: (s) => s.links?.wechat, block: 'social', field: 'weChat', what: '微信' },
  { from: (s) => s.links?.qqGroup, block: 'social', field: 'qqGroup', what: 'QQ 群' },
  { from: (s) => s.links?.wechatGroup, block: 'social', field: 'weChatGroup', what: '微信群' },
  { from: (s) => s.wechatPay, block: 'payment', field: 'weChatQr', what: '微信收款码' },
  { from: (s) => s.aliPay, block: 'payment', field: 'aliPayQr', what: '支付宝收款码' },
];

/** Pictures must be reachable from the new site: a full address, or a path of its own public folder. */
const PICTURES = new Set(['avatar', 'weChatQr', 'aliPayQr']);
const isReachablePicture = (value: string) => isWebAddress(value) || /^\/img\/[\w./-]+$/.test(value);
/** What the pages make links of: web addresses only, never `javascript:`. QQ is a number. */
const LINKS = new Set(['github', 'gitee', 'bilibili', 'weChat', 'qqGroup', 'weChatGroup']);
const isWebAddress = (value: string) => /^https?:\/\/\S+$/.test(value);

const quoted = (value: string) =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n')}'`;

const STRING = `'(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*"`;

export interface SiteChange {
  what: string;
  value: string;
}

/** The changes `site` brings to the settings in `source`, and what cannot be written with why. */
export function siteConfigChanges(
  source: string,
  site: ImportedSite,
): { text: string; changes: SiteChange[]; left: LeftBehind[] } {
  let text = source;
  const changes: SiteChange[] = [];
  const left: LeftBehind[] = [];
  for (const { from, block, field, what } of FIELDS) {
    const value = from(site)?.trim();
    if (!value) continue;
    if (PICTURES.has(field) && !isReachablePicture(value)) {
      left.push({
        where: `站点设置·${what}`,
        reason: `${value} 不是完整网址，新站点无法显示；请上传后在 src/site.config.ts 里填写`,
      });
      continue;
    }
    if ((LINKS.has(field) && !isWebAddress(value)) || (field === 'qq' && !/^\d{5,12}$/.test(value))) {
      left.push({
        where: `站点设置·${what}`,
        reason: `${value} 不是可用的${field === 'qq' ? 'QQ 号' : '网址'}，未写入`,
      });
      continue;
    }
    const indent = block ? '    ' : '  ';
    // Within the settings' value, never the type declared above it, which has the same names.
    let start = text.indexOf('export const site');
    let end = text.length;
    if (block && start >= 0) {
      start = text.indexOf(`\n  ${block}: {`, start);
      end = start < 0 ? -1 : text.indexOf('\n  },', start);
    }
    const line = new RegExp(`(\\n${indent}${field}: )(?:${STRING})(,)`);
    const scope = start < 0 || end < 0 ? null : text.slice(start, end);
    const match = scope === null ? null : line.exec(scope);
    if (scope === null || !match) {
      left.push({
        where: `站点设置·${what}`,
        reason: `src/site.config.ts 里没有可以写入的 ${field} 字段，请手动填写：${value}`,
      });
      continue;
    }
    const replaced = scope.replace(line, (_, head: string, tail: string) => `${head}${quoted(value)}${tail}`);
    text = text.slice(0, start) + replaced + text.slice(end);
    changes.push({ what, value });
  }
  return { text, changes, left };
}

export async function writeSiteConfig(
  file: string,
  site: ImportedSite,
): Promise<{ changes: SiteChange[]; left: LeftBehind[] }> {
  const source = await readFile(file, 'utf8');
  const { text, changes, left } = siteConfigChanges(source, site);
  if (text !== source) await writeFile(file, text);
  return { changes, left };
}
