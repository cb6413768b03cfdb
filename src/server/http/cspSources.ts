/**
 * The sources the Content-Security-Policy allows beyond this origin. The build records what the
 * pages need (see scripts/lib/cspSources.ts); the owner's settings at start add media hosts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trimEnd } from '../../lib/shared/trim.ts';

/** Written by the build to `<DIST_DIR>/server/`, outside the public folder. */
export const CSP_SOURCES_FILE = 'csp-sources.json';

export interface BuiltCspSources {
  /** `sha256-…` of every inline script the built pages run, sorted. */
  scriptHashes: string[];
  /** Origins of images the pages show from other hosts (the site config, covers, post images). */
  imageOrigins: string[];
  /** Origins the pages fetch from, such as the landing quote service. */
  connectOrigins: string[];
}

// A CSP host source: scheme, host (optionally `*.` in front) and port; no path, no query.
const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
const SCRIPT_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * Without the file (a build from before it existed) the server still starts, for the API alone
 * is enough in development, but the pages' inline scripts are refused: never a weaker policy.
 */
export function loadCspSources(distDir: string, warn: (line: string) => void = console.warn): BuiltCspSources {
  const path = join(distDir, 'server', CSP_SOURCES_FILE);
  let parsed: Partial<BuiltCspSources>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    warn(`找不到或无法读取 ${path}（构建产物来自旧版本？）：页面的内联脚本都会被拦截，请重新运行 npm run build`);
    parsed = {};
  }
  // Only well-formed entries reach the header: a stray keyword here would open the policy up.
  const list = (value: unknown, shape: RegExp) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && shape.test(item)) : [];
  return {
    scriptHashes: list(parsed.scriptHashes, SCRIPT_HASH),
    imageOrigins: list(parsed.imageOrigins, HOST_SOURCE),
    connectOrigins: list(parsed.connectOrigins, HOST_SOURCE),
  };
}

/**
 * A NeteaseCloudMusicApi server answers with cover and audio URLs on NetEase's CDN
 * (p1.music.126.net for pictures, m701.music.126.net and the like for audio), never on its own host.
 */
export const NETEASE_MEDIA_ORIGIN = 'https://*.music.126.net';

/**
 * Origins of images and audio the player may load from other hosts: NetEase's CDN when
 * `MUSIC_UPSTREAM` is set, plus whatever `MEDIA_ORIGINS` lists (space or comma separated).
 * A malformed entry stops the start with a clear message, like the other settings.
 */
export function mediaOriginsFromEnv(env: Record<string, string | undefined>): string[] {
  const origins = new Set<string>();
  if (env.MUSIC_UPSTREAM) origins.add(NETEASE_MEDIA_ORIGIN);
  for (const entry of (env.MEDIA_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean)) {
    const origin = trimEnd(entry, '/');
    if (!HOST_SOURCE.test(origin)) {
      throw new Error(
        `MEDIA_ORIGINS 里的 ${entry} 不是来源地址：应写成 https://img.example.com 或 https://*.example.com 这样，不带路径`,
      );
    }
    origins.add(origin.toLowerCase());
  }
  return [...origins];
}

/** The origin of a configured URL, or nothing when it is empty, relative or not http(s). */
export function originOf(url: string): string[] {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? [origin] : [];
  } catch {
    return [];
  }
}

/**
 * Whether the page may load an image from `url` under the policy's extra origins (`MEDIA_ORIGINS`):
 * `https://img.example.com` allows that host, `https://*.example.com` any host below example.com.
 */
export function imageUrlAllowed(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return origins.some((origin) => {
    const match = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+))?$/.exec(origin);
    if (!match) return false;
    const [, scheme, wildcard, host, port] = match;
    if (parsed.protocol !== `${scheme}:` || (parsed.port || '') !== (port ?? '')) return false;
    return wildcard ? parsed.hostname.endsWith(`.${host}`) : parsed.hostname === host;
  });
}
