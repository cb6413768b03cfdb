/**
 * Ed25519 license keys and machine files, checkable offline with the public key alone
 * (scripts/verify-license.mjs shows the same check in plain JavaScript).
 * Format: `LIC1.<base64url(JSON)>.<base64url(signature)>` for keys, `MCH1.…` for machine files.
 * The signature covers `<prefix>.<payload part>`, so a machine file can never pass as a key.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LICENSE_KEY_PREFIX = 'LIC1';
export const MACHINE_FILE_PREFIX = 'MCH1';
export const PRIVATE_KEY_FILE = 'license-private-key.pem';
export const PUBLIC_KEY_FILE = 'license-public-key.pem';
const MAX_SIGNED_TEXT = 4096;

export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
}

/** What a license key says: the product and plan bought, by which order, until when, on how many machines. */
export interface LicensePayload {
  v: 1;
  product: string;
  plan: string;
  order: string;
  /** ISO date-time; null for a lifetime plan. */
  expires_at: string | null;
  max_machines: number;
  issued_at: string;
}

/** What a machine file says: this license (by its hash) is activated on this machine. */
export interface MachineFilePayload {
  v: 1;
  key_hash: string;
  fingerprint: string;
  product: string;
  expires_at: string | null;
  issued_at: string;
}

/** Losing or replacing the private key invalidates every key already sold, so anything odd is fatal. */
export function loadOrCreateSigningKeys(dir: string): SigningKeys {
  const privatePath = join(dir, PRIVATE_KEY_FILE);
  const publicPath = join(dir, PUBLIC_KEY_FILE);
  mkdirSync(dir, { recursive: true });
  let privatePem: string | null = null;
  try {
    privatePem = readFileSync(privatePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`无法读取授权签名私钥 ${privatePath}：${(error as Error).message}`);
  }
  if (privatePem === null) {
    privatePem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      writeFileSync(privatePath, privatePem, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use its pair rather than ours.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      privatePem = readFileSync(privatePath, 'utf8');
    }
  }
  if (process.platform !== 'win32' && (statSync(privatePath).mode & 0o077) !== 0) {
    throw new Error(`授权签名私钥 ${privatePath} 可被其他用户读取，请执行 chmod 600 后再启动`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(privatePem);
  } catch {
    throw new Error(
      `授权签名私钥 ${privatePath} 已损坏，无法解析；请从备份恢复，不要删除（删除会使已售授权码全部失效）`,
    );
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`授权签名私钥 ${privatePath} 不是 Ed25519 密钥`);
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // The public file is only a copy for tools; it is always derived from the private key.
  let storedPublic: string | null = null;
  try {
    storedPublic = readFileSync(publicPath, 'utf8');
  } catch {
    /* missing: written below */
  }
  if (storedPublic !== publicKeyPem) writeFileSync(publicPath, publicKeyPem, { mode: 0o644 });
  return { privateKey, publicKey, publicKeyPem };
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 200;
const isDateTime = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));
const isExpiry = (value: unknown) => value === null || isDateTime(value);

function asLicensePayload(value: unknown): LicensePayload | null {
  const p = value as Record<string, unknown> | null;
  if (typeof p !== 'object' || p === null || p.v !== 1) return null;
  if (!isText(p.product) || !isText(p.plan) || !isText(p.order) || !isExpiry(p.expires_at) || !isDateTime(p.issued_at))
    return null;
  if (!Number.isSafeInteger(p.max_machines) || (p.max_machines as number) < 1) return null;
  // Fixed key order, so the same licence always encodes to the same key.
  return {
    v: 1,
    product: p.product,
    plan: p.plan,
    order: p.order,
    expires_at: p.expires_at as string | null,
    max_machines: p.max_machines as number,
    issued_at: p.issued_at,
  };
}

function asMachinePayload(value: unknown): MachineFilePayload | null {
  const p = value as Record<string, unknown> | null;
  if (typeof p !== 'object' || p === null || p.v !== 1) return null;
  if (typeof p.key_hash !== 'string' || !/^[0-9a-f]{64}$/.test(p.key_hash)) return null;
  if (!isText(p.fingerprint) || !isText(p.product) || !isExpiry(p.expires_at) || !isDateTime(p.issued_at)) return null;
  return {
    v: 1,
    key_hash: p.key_hash,
    fingerprint: p.fingerprint,
    product: p.product,
    expires_at: p.expires_at as string | null,
    issued_at: p.issued_at,
  };
}

function signText(keys: SigningKeys, prefix: string, payload: object): string {
  const head = `${prefix}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${head}.${sign(null, Buffer.from(head), keys.privateKey).toString('base64url')}`;
}

/** Strict base64url: Node decodes sloppy input too, which would give one licence several spellings. */
function decodePart(part: string | undefined): Buffer | null {
  if (!part || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function openSigned(publicKey: KeyObject | string, prefix: string, text: unknown): unknown {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed.length > MAX_SIGNED_TEXT) return null;
  const parts = trimmed.split('.');
  if (parts.length !== 3 || parts[0] !== prefix) return null;
  const body = decodePart(parts[1]);
  const signature = decodePart(parts[2]);
  if (!body || !signature || signature.length !== 64) return null;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    if (!verify(null, Buffer.from(`${prefix}.${parts[1]}`), key, signature)) return null;
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

export function mintLicenseKey(keys: SigningKeys, payload: LicensePayload): string {
  const clean = asLicensePayload(payload);
  if (!clean) throw new Error('授权内容不完整或格式不对，无法签发授权码');
  return signText(keys, LICENSE_KEY_PREFIX, clean);
}

/** Null for anything not signed by this key pair; it never throws, whatever the input. */
export function verifyLicenseKey(publicKey: KeyObject | string, key: unknown): LicensePayload | null {
  return asLicensePayload(openSigned(publicKey, LICENSE_KEY_PREFIX, key));
}

/** Only this hash is stored, so a copy of the database cannot be turned back into working keys. */
export function hashLicenseKey(key: string): string {
  return createHash('sha256').update(key.trim()).digest('hex');
}

export function signMachineFile(keys: SigningKeys, statement: Omit<MachineFilePayload, 'v'>): string {
  const clean = asMachinePayload({ ...statement, v: 1 });
  if (!clean) throw new Error('机器文件内容不完整或格式不对，无法签发');
  return signText(keys, MACHINE_FILE_PREFIX, clean);
}

export function verifyMachineFile(publicKey: KeyObject | string, file: unknown): MachineFilePayload | null {
  return asMachinePayload(openSigned(publicKey, MACHINE_FILE_PREFIX, file));
}
