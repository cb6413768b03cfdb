import { spawnSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PRIVATE_KEY_FILE,
  PUBLIC_KEY_FILE,
  hashLicenseKey,
  loadOrCreateSigningKeys,
  mintLicenseKey,
  signMachineFile,
  verifyLicenseKey,
  verifyMachineFile,
  type LicensePayload,
} from '../../src/server/licenses/keys';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'license-keys-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const payload: LicensePayload = {
  v: 1,
  product: 'clip-tool',
  plan: 'yearly',
  order: 'SO20250101000001',
  expires_at: '2099-01-01T00:00:00.000Z',
  max_machines: 3,
  issued_at: '2025-01-01T08:00:00.000Z',
};

/** Replaces one character of `text` at `index` with a different base64url character. */
function flipChar(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('signing keys', () => {
  it('creates a pair with a 0600 private key and loads the same pair later', () => {
    const dir = tempDir();
    const first = loadOrCreateSigningKeys(dir);
    const privatePath = join(dir, PRIVATE_KEY_FILE);
    expect(statSync(privatePath).mode & 0o777).toBe(0o600);
    const storedPublic = readFileSync(join(dir, PUBLIC_KEY_FILE), 'utf8');
    expect(storedPublic).toBe(first.publicKeyPem);
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');

    const privateBefore = readFileSync(privatePath, 'utf8');
    const second = loadOrCreateSigningKeys(dir);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    expect(readFileSync(privatePath, 'utf8')).toBe(privateBefore);
    // A key minted before the restart still verifies after it.
    expect(verifyLicenseKey(second.publicKey, mintLicenseKey(first, payload))).toEqual(payload);
  });

  it('gives different pairs in different folders', () => {
    expect(loadOrCreateSigningKeys(tempDir()).publicKeyPem).not.toBe(loadOrCreateSigningKeys(tempDir()).publicKeyPem);
  });

  it.skipIf(process.platform === 'win32')('refuses a private key that others can read, without replacing it', () => {
    const dir = tempDir();
    loadOrCreateSigningKeys(dir);
    const privatePath = join(dir, PRIVATE_KEY_FILE);
    const before = readFileSync(privatePath, 'utf8');
    chmodSync(privatePath, 0o644);
    expect(() => loadOrCreateSigningKeys(dir)).toThrow(/其他用户/);
    chmodSync(privatePath, 0o640);
    expect(() => loadOrCreateSigningKeys(dir)).toThrow(/其他用户/);
    expect(readFileSync(privatePath, 'utf8')).toBe(before);
  });

  it('refuses a corrupt private key instead of making a new pair', () => {
    const dir = tempDir();
    const privatePath = join(dir, PRIVATE_KEY_FILE);
    writeFileSync(privatePath, 'not a key', { mode: 0o600 });
    expect(() => loadOrCreateSigningKeys(dir)).toThrow(/已损坏/);
    expect(readFileSync(privatePath, 'utf8')).toBe('not a key');
  });
});

describe('license keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'license-keys-shared-'));
  tempDirs.push(dir);
  const keys = loadOrCreateSigningKeys(dir);

  it('mints a one-line key that verifies to the same payload, with the public key or its PEM', () => {
    const key = mintLicenseKey(keys, payload);
    expect(key).toMatch(/^LIC1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicenseKey(keys.publicKey, key)).toEqual(payload);
    expect(verifyLicenseKey(keys.publicKeyPem, key)).toEqual(payload);
    expect(verifyLicenseKey(keys.publicKey, `  \n${key}\t \n`)).toEqual(payload);
    const lifetime = { ...payload, expires_at: null };
    expect(verifyLicenseKey(keys.publicKey, mintLicenseKey(keys, lifetime))).toEqual(lifetime);
  });

  it('encodes the same payload the same way whatever the key order given', () => {
    const reordered = Object.fromEntries(Object.entries(payload).reverse()) as unknown as LicensePayload;
    expect(Object.keys(reordered)).not.toEqual(Object.keys(payload));
    expect(mintLicenseKey(keys, reordered)).toBe(mintLicenseKey(keys, payload));
    const body = JSON.parse(Buffer.from(mintLicenseKey(keys, reordered).split('.')[1]!, 'base64url').toString());
    expect(Object.keys(body)).toEqual(['v', 'product', 'plan', 'order', 'expires_at', 'max_machines', 'issued_at']);
  });

  it('refuses to mint an incomplete payload', () => {
    expect(() => mintLicenseKey(keys, { ...payload, max_machines: 0 })).toThrow(/授权/);
    expect(() => mintLicenseKey(keys, { ...payload, product: '' })).toThrow(/授权/);
  });

  it('rejects tampered, foreign, truncated and garbage keys', () => {
    const key = mintLicenseKey(keys, payload);
    const [prefix, body, signature] = key.split('.') as [string, string, string];
    const richer = Buffer.from(JSON.stringify({ ...payload, max_machines: 99 })).toString('base64url');
    const other = loadOrCreateSigningKeys(tempDir());
    const rejected = [
      `${prefix}.${flipChar(body, 5)}.${signature}`,
      `${prefix}.${richer}.${signature}`,
      `${prefix}.${body}.${flipChar(signature, 10)}`,
      mintLicenseKey(other, payload),
      key.slice(0, -1),
      key.slice(0, key.length / 2),
      `${prefix}.${body}`,
      `LIC2.${body}.${signature}`,
      `${key}.${signature}`,
      'garbage',
      '...',
      '',
    ];
    for (const candidate of rejected) expect(verifyLicenseKey(keys.publicKey, candidate), candidate).toBeNull();
    for (const hostile of [null, undefined, 42, {}, ['LIC1'], 'x'.repeat(100_000)]) {
      expect(verifyLicenseKey(keys.publicKey, hostile)).toBeNull();
    }
    expect(verifyLicenseKey('not a pem', key)).toBeNull();
    expect(verifyLicenseKey(keys.publicKey, key)).toEqual(payload);
  });

  it('hashes the key as SHA-256 hex, the same with or without surrounding whitespace', () => {
    const key = mintLicenseKey(keys, payload);
    const hash = hashLicenseKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLicenseKey(` \n${key}\r\n`)).toBe(hash);
    expect(hashLicenseKey(mintLicenseKey(keys, { ...payload, order: 'SO2' }))).not.toBe(hash);
  });
});

describe('machine files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'license-machine-'));
  tempDirs.push(dir);
  const keys = loadOrCreateSigningKeys(dir);
  const key = mintLicenseKey(keys, payload);
  const statement = {
    key_hash: hashLicenseKey(key),
    fingerprint: 'machine-fp-1',
    product: payload.product,
    expires_at: '2099-02-01T00:00:00.000Z',
    issued_at: '2025-01-02T00:00:00.000Z',
  };

  it('signs a statement that verifies offline', () => {
    const file = signMachineFile(keys, statement);
    expect(file).toMatch(/^MCH1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyMachineFile(keys.publicKey, `${file}\n`)).toEqual({ v: 1, ...statement });
  });

  it('rejects tampered files and does not confuse keys with machine files', () => {
    const file = signMachineFile(keys, statement);
    const [prefix, body, signature] = file.split('.') as [string, string, string];
    const moved = Buffer.from(JSON.stringify({ v: 1, ...statement, fingerprint: 'machine-fp-2' })).toString(
      'base64url',
    );
    expect(verifyMachineFile(keys.publicKey, `${prefix}.${moved}.${signature}`)).toBeNull();
    expect(verifyMachineFile(keys.publicKey, `${prefix}.${body}.${flipChar(signature, 20)}`)).toBeNull();
    expect(verifyMachineFile(loadOrCreateSigningKeys(tempDir()).publicKey, file)).toBeNull();
    expect(verifyMachineFile(keys.publicKey, file.slice(0, -3))).toBeNull();
    expect(verifyMachineFile(keys.publicKey, '')).toBeNull();
    expect(verifyMachineFile(keys.publicKey, key)).toBeNull();
    expect(verifyLicenseKey(keys.publicKey, file)).toBeNull();
    // Same signature with the other prefix: the prefix is part of what is signed.
    expect(verifyLicenseKey(keys.publicKey, `LIC1.${body}.${signature}`)).toBeNull();
    expect(() => signMachineFile(keys, { ...statement, key_hash: 'abc' })).toThrow(/机器文件/);
  });
});

describe('scripts/verify-license.mjs', () => {
  const script = resolve('scripts/verify-license.mjs');
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

  it('accepts what keys.ts mints and rejects tampered keys and machine files', () => {
    const dir = tempDir();
    const keys = loadOrCreateSigningKeys(dir);
    const pem = join(dir, PUBLIC_KEY_FILE);
    expect(createPublicKey(readFileSync(pem, 'utf8')).asymmetricKeyType).toBe('ed25519');
    const key = mintLicenseKey(keys, payload);

    const ok = run(pem, key);
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).license).toEqual(payload);

    const [prefix, body, signature] = key.split('.') as [string, string, string];
    const tampered = run(pem, `${prefix}.${flipChar(body, 7)}.${signature}`);
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toContain('授权码无效');

    const expired = run(pem, mintLicenseKey(keys, { ...payload, expires_at: '2020-01-01T00:00:00.000Z' }));
    expect(expired.status).toBe(1);
    expect(expired.stderr).toContain('过期');

    const machinePath = join(dir, 'machine.lic');
    const statement = {
      key_hash: hashLicenseKey(key),
      fingerprint: 'fp',
      product: payload.product,
      expires_at: null,
      issued_at: payload.issued_at,
    };
    writeFileSync(machinePath, signMachineFile(keys, statement) + '\n');
    const withMachine = run(pem, key, machinePath);
    expect(withMachine.status, withMachine.stderr).toBe(0);
    expect(JSON.parse(withMachine.stdout).machine).toEqual({ v: 1, ...statement });

    const otherKey = mintLicenseKey(keys, { ...payload, order: 'SO-other' });
    const mismatched = run(pem, otherKey, machinePath);
    expect(mismatched.status).toBe(1);
    expect(mismatched.stderr).toContain('不属于');

    const machineText = readFileSync(machinePath, 'utf8').trim();
    writeFileSync(machinePath, flipChar(machineText, machineText.length - 10));
    const badMachine = run(pem, key, machinePath);
    expect(badMachine.status).toBe(1);
    expect(badMachine.stderr).toContain('机器文件无效');

    expect(run(pem).status).toBe(2);
  });
});
