/** A WordPress export (WXR) as plain objects, and the few ways its elements are read. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

/** Elements a WXR file may repeat: always lists, even when there is one. */
const REPEATED = new Set(['item', 'category', 'wp:comment', 'wp:postmeta', 'wp:author', 'wp:category', 'wp:tag']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every value stays text: a title of digits is a title, not a number.
  parseTagValue: false,
  parseAttributeValue: false,
  // Numeric character references (`&#20320;`) in titles and names are decoded too.
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/** The channel and its items; throws, in words the owner can act on, when the file is no WXR. */
export function parseWxr(xml: string): { channel: XmlNode; items: XmlNode[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`导出文件不是有效的 XML（第 ${valid.err.line} 行：${valid.err.msg}）`);
  const root = parser.parse(xml) as XmlNode;
  const channel = (root.rss as XmlNode | undefined)?.channel;
  if (!channel || typeof channel !== 'object' || Array.isArray(channel))
    throw new Error('这不是 WordPress 的导出文件（WXR）：找不到 <rss><channel>');
  return { channel: channel as XmlNode, items: listOf((channel as XmlNode).item) };
}

/** An element's text, whether it came with attributes or not; '' when absent. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) return textOf((value as XmlNode)['#text']);
  return '';
}

export const listOf = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (entry): entry is XmlNode => Boolean(entry) && typeof entry === 'object',
  );

/** A post's custom field (`wp:postmeta`) by its key. */
export function metaOf(item: XmlNode, key: string): string | undefined {
  const meta = listOf(item['wp:postmeta']).find((entry) => textOf(entry['wp:meta_key']) === key);
  return meta ? textOf(meta['wp:meta_value']) : undefined;
}

/** A post's terms of one taxonomy (`category`, `post_tag`), by name, in the file's order. */
export const termsOf = (item: XmlNode, domain: string): string[] =>
  listOf(item.category)
    .filter((term) => term['@_domain'] === domain)
    .map((term) => textOf(term).trim())
    .filter(Boolean);

/** A WordPress date (`2024-05-12 10:30:00`); WordPress writes zeros for one it never set. */
export const wpDate = (value: unknown): string | null => {
  const text = textOf(value).trim();
  return text && !text.startsWith('0000-00-00') ? text : null;
};
