#!/usr/bin/env node
/**
 * How a desktop tool checks a license key (and optionally its machine file) offline,
 * with nothing but the public key from GET /api/license/public-key:
 *
 *   node scripts/verify-license.mjs <public-key.pem> <key> [machine-file]
 *
 * `machine-file` is the path of a file holding the `machine_file` text from /api/license/activate.
 * Exit code 0: valid (the payload is printed as JSON); 1: invalid or expired; 2: wrong usage.
 * Whether the machine file's `fingerprint` is this computer is left to the tool, which knows how it computes it.
 * The format is the one src/server/licenses/keys.ts produces; keep the two in step.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const isText = (value) => typeof value === 'string' && value.length > 0 && value.length <= 200;
const isDateTime = (value) => isText(value) && !Number.isNaN(Date.parse(value));
const isExpiry = (value) => value === null || isDateTime(value);

function decodePart(part) {
  if (!part || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

/** `<prefix>.<base64url(JSON)>.<base64url(Ed25519 signature of "<prefix>.<payload part>")>` → the JSON, or null. */
function openSigned(publicKey, prefix, text) {
  const trimmed = text.trim();
  if (trimmed.length > 4096) return null;
  const parts = trimmed.split('.');
  if (parts.length !== 3 || parts[0] !== prefix) return null;
  const body = decodePart(parts[1]);
  const signature = decodePart(parts[2]);
  if (!body || !signature || signature.length !== 64) return null;
  try {
    if (!verify(null, Buffer.from(`${prefix}.${parts[1]}`), publicKey, signature)) return null;
    const payload = JSON.parse(body.toString('utf8'));
    return typeof payload === 'object' && payload !== null && payload.v === 1 ? payload : null;
  } catch {
    return null;
  }
}

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const [pemPath, key, machinePath] = process.argv.slice(2);
if (!pemPath || !key) fail('用法：node scripts/verify-license.mjs <公钥.pem> <授权码> [机器文件]', 2);

let publicKey;
try {
  publicKey = createPublicKey(readFileSync(pemPath, 'utf8'));
} catch (error) {
  fail(`无法读取公钥 ${pemPath}：${error.message}`, 2);
}
if (publicKey.asymmetricKeyType !== 'ed25519') fail('公钥不是 Ed25519 公钥', 2);

const license = openSigned(publicKey, 'LIC1', key);
const licenseShapeOk =
  license &&
  isText(license.product) &&
  isText(license.plan) &&
  isText(license.order) &&
  isExpiry(license.expires_at) &&
  isDateTime(license.issued_at) &&
  Number.isSafeInteger(license.max_machines) &&
  license.max_machines >= 1;
if (!licenseShapeOk) fail('授权码无效：格式不对、被改动过，或不是本站签发的');
const now = Date.now();
if (license.expires_at !== null && Date.parse(license.expires_at) <= now) fail(`授权码已于 ${license.expires_at} 过期`);

const result = { license };
if (machinePath) {
  let text;
  try {
    text = readFileSync(machinePath, 'utf8');
  } catch (error) {
    fail(`无法读取机器文件 ${machinePath}：${error.message}`, 2);
  }
  const machine = openSigned(publicKey, 'MCH1', text);
  const machineShapeOk =
    machine &&
    typeof machine.key_hash === 'string' &&
    /^[0-9a-f]{64}$/.test(machine.key_hash) &&
    isText(machine.fingerprint) &&
    isText(machine.product) &&
    isExpiry(machine.expires_at) &&
    isDateTime(machine.issued_at);
  if (!machineShapeOk) fail('机器文件无效：格式不对、被改动过，或不是本站签发的');
  // The file names the key only by its hash (SHA-256 hex of the trimmed key), as the server stores it.
  if (machine.key_hash !== createHash('sha256').update(key.trim()).digest('hex')) fail('机器文件不属于这个授权码');
  if (machine.product !== license.product) fail('机器文件的产品与授权码不符');
  if (machine.expires_at !== null && Date.parse(machine.expires_at) <= now)
    fail(`机器文件已于 ${machine.expires_at} 过期，请联网重新验证`);
  result.machine = machine;
}
console.log(JSON.stringify(result, null, 2));
