/**
 * The server's settings, read from the environment once at start (README, 配置) and passed to
 * the modules that need them; no other server module reads the environment. A malformed value
 * stops the start with a message naming the variable.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { databaseSettings, type DatabaseSettings } from '../db/client.ts';
import { trustProxySetting } from './app.ts';
import { connectionSettings, type ConnectionSettings } from './connections.ts';
import { mediaOriginsFromEnv } from './cspSources.ts';
import { isHttpsSite } from './headers.ts';
import { DEFAULT_DEACTIVATION_LIMIT, type DeactivationLimit } from '../licenses/service.ts';
import { envOnOff, envWholeNumber } from '../shared/envValues.ts';
import { musicConfig, type MusicConfig } from '../music/index.ts';
import { paymentSettings, type PaymentSettings } from '../shop/payments/settings.ts';
import { DEFAULT_UPLOAD_DIR } from '../uploads/images.ts';
import { site } from '../../site.config.ts';
import { PROJECT_ROOT } from '../projectRoot.ts';
import type { AdminSettings } from '../users/setup.ts';
import { trimEnd } from '../../lib/shared/trim.ts';
import { featureSwitches, type FeatureSwitches } from '../../lib/shared/features.ts';
import { mailSettings, type MailSettings } from '../mail/settings.ts';
import { sessionPolicyFromEnv, type SessionPolicy } from '../users/sessions.ts';

export const DEFAULT_CONTENT_DIR = 'src/content';

export type Env = Record<string, string | undefined>;

export interface ServerConfig {
  host: string;
  port: number;
  /** The build: `dist/client` is served, `dist/server` holds the page handler. */
  distDir: string;
  /** The owner's articles and talks, as Markdown (`CONTENT_DIR`): what the console writes and the build reads. */
  contentDir: string;
  /** The article data the API reads, for benchmarks that bring their own (`CONTENT_EXPORT_DIR`); null for the current build's. */
  contentExportDir: string | null;
  /** Saves in the console publish by themselves (`AUTO_PUBLISH`, on unless `off`); off, only 发布 builds. */
  autoPublish: boolean;
  /** The site's address is https: Secure cookies and HSTS. */
  httpsSite: boolean;
  /** `SITE_URL`'s origin when the owner set it: image addresses in answers are built on it. */
  siteOrigin: string | null;
  /**
   * The site's public address, links in mail point at it: `SITE_URL`, or the site config's when it
   * is not a loopback address, or else the address the server listens on (`HOST`, `PORT`).
   */
  siteUrl: string;
  trustProxy: number | string | false;
  uploadDir: string;
  database: DatabaseSettings;
  sessions: SessionPolicy;
  music: MusicConfig;
  /** Hosts the player may load covers and audio from. */
  mediaOrigins: string[];
  admin: AdminSettings | null;
  /** Where the license signing key pair lives; made at first start. */
  licenseKeyDir: string;
  /** How the shop takes payments. */
  payment: PaymentSettings;
  /** Timeouts and the most connections at once. */
  connections: ConnectionSettings;
  /** How often a license key may free one of its machines. */
  licenseDeactivations: DeactivationLimit;
  /** Show the IP 属地 of comments and message-board posts (`IP_LOCATION`, on unless `off`). */
  showIpLocation: boolean;
  /** Mail through the owner's SMTP server (`SMTP_URL`, `MAIL_FROM`); null when off. */
  mail: MailSettings | null;
  /** The parts of the site that are on: the site config's switches, less `FEATURES_OFF`. */
  features: FeatureSwitches;
  /**
   * The parts the server turns off whatever the live build has on (`FEATURES_OFF`): a build that
   * records its switches is followed (`featuresOf`), this taken from them.
   */
  featuresOff: string;
}

/** The parts of the site that are on with a build: its own switches less `FEATURES_OFF`, or the config's for a build that did not record them. */
export function featuresOf(
  config: Pick<ServerConfig, 'features' | 'featuresOff'>,
  built: FeatureSwitches | null,
): FeatureSwitches {
  return built ? featureSwitches(built, config.featuresOff) : config.features;
}

function originOfSetting(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`SITE_URL 不是有效的网址：${url}`);
  }
}

/** `http://host:port` for a server listening there; a wildcard host (all interfaces) is reached on this machine as localhost. */
export function listeningUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const isLoopbackUrl = (url: string) => {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
};

export function readConfig(env: Env): ServerConfig {
  const distDir = resolve(env.DIST_DIR ?? 'dist');
  const host = env.HOST || '0.0.0.0';
  const port = Number(env.PORT || 4321);
  // The checkout's site config says localhost:4321, which is wrong for a server on another port.
  const siteUrl = trimEnd(env.SITE_URL || (isLoopbackUrl(site.url) ? listeningUrl(host, port) : site.url), '/');
  return {
    host,
    port,
    distDir,
    contentDir: resolve(PROJECT_ROOT, env.CONTENT_DIR || DEFAULT_CONTENT_DIR),
    contentExportDir: env.CONTENT_EXPORT_DIR ? resolve(env.CONTENT_EXPORT_DIR) : null,
    autoPublish: envOnOff(env, 'AUTO_PUBLISH', true),
    httpsSite: isHttpsSite(env.SITE_URL),
    siteOrigin: originOfSetting(env.SITE_URL),
    siteUrl,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    uploadDir: resolve(env.UPLOAD_DIR || DEFAULT_UPLOAD_DIR),
    database: databaseSettings(env),
    sessions: sessionPolicyFromEnv(env),
    music: musicConfig(env),
    mediaOrigins: mediaOriginsFromEnv(env),
    admin: env.ADMIN_USERNAME ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD || undefined } : null,
    licenseKeyDir: resolve(env.LICENSE_KEY_DIR || 'data'),
    payment: paymentSettings(env, siteUrl),
    connections: connectionSettings(env),
    licenseDeactivations: {
      times: envWholeNumber(env, 'LICENSE_DEACTIVATIONS', DEFAULT_DEACTIVATION_LIMIT.times, 0),
      days: envWholeNumber(env, 'LICENSE_DEACTIVATION_DAYS', DEFAULT_DEACTIVATION_LIMIT.days, 1),
    },
    showIpLocation: envOnOff(env, 'IP_LOCATION', true),
    mail: mailSettings(env),
    features: featureSwitches(site.features, env.FEATURES_OFF),
    featuresOff: env.FEATURES_OFF ?? '',
  };
}
