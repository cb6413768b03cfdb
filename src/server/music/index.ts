/** The music service behind /wapi: the local library by default, an upstream server when configured. */
import type { Router } from 'express';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileRoutes } from './files.ts';
import { liveLibrary } from './live.ts';
import { localProvider } from './local.ts';
import { musicRouter } from './router.ts';
import { upstreamProvider } from './upstream.ts';

export interface MusicConfig {
  dir: string;
  upstream: URL | null;
  timeoutMs: number;
}

export const DEFAULT_MUSIC_DIR = 'data/music';
const DEFAULT_TIMEOUT_MS = 10_000;

/** Reads MUSIC_DIR, MUSIC_UPSTREAM and MUSIC_UPSTREAM_TIMEOUT_MS; a wrong value stops the start with a clear message. */
export function musicConfig(env: Record<string, string | undefined>): MusicConfig {
  let upstream: URL | null = null;
  if (env.MUSIC_UPSTREAM) {
    try {
      upstream = new URL(env.MUSIC_UPSTREAM);
    } catch {
      upstream = null;
    }
    if (!upstream || !['http:', 'https:'].includes(upstream.protocol) || upstream.search || upstream.username) {
      throw new Error(
        `MUSIC_UPSTREAM 应是 http:// 或 https:// 开头、不带查询参数和账号的地址，现在是 ${env.MUSIC_UPSTREAM}`,
      );
    }
  }
  const timeoutMs = env.MUSIC_UPSTREAM_TIMEOUT_MS ? Number(env.MUSIC_UPSTREAM_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000) {
    throw new Error(`MUSIC_UPSTREAM_TIMEOUT_MS 应是 1 到 120000 之间的毫秒数，现在是 ${env.MUSIC_UPSTREAM_TIMEOUT_MS}`);
  }
  return { dir: resolve(env.MUSIC_DIR || DEFAULT_MUSIC_DIR), upstream, timeoutMs };
}

export interface MusicService {
  router: Router;
  close(): void;
}

export async function createMusicService(config: MusicConfig): Promise<MusicService> {
  if (config.upstream) {
    console.log(`音乐服务：转发到 ${config.upstream.origin}`);
    return {
      router: musicRouter(upstreamProvider({ base: config.upstream, timeoutMs: config.timeoutMs })),
      close() {},
    };
  }
  await mkdir(config.dir, { recursive: true });
  const library = liveLibrary(config.dir);
  return { router: musicRouter(localProvider(library), fileRoutes(library)), close: library.close };
}
