import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  sign as signData,
  timingSafeEqual,
  verify as verifyData,
} from 'node:crypto';

export type EpayParams = Record<string, string | number | null | undefined>;

const SIGNATURE_KEYS = new Set(['sign', 'sign_type']);
const MD5_HEX = /^[0-9a-fA-F]{32}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Canonical amounts only: "01.00", "1." or ".5" are not what epay writes, so they are refused rather than guessed.
const MONEY = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

function isEmpty(value: EpayParams[string]): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/** Sorted by key (plain code-unit order), empty values (undefined, null, '') and `sign`/`sign_type` dropped, joined `k=v&…` with NO URL-encoding. */
export function epaySignContent(params: EpayParams): string {
  return (
    Object.keys(params)
      .filter((key) => !SIGNATURE_KEYS.has(key) && !isEmpty(params[key]))
      // Plain code-unit order, like the gateway's; localeCompare would move `_` and capitals and break the signature.
      .sort()
      .map((key) => `${key}=${String(params[key])}`)
      .join('&')
  );
}

/** V1: lowercase hex MD5 of `content + merchantKey`. */
export function signEpayV1(params: EpayParams, merchantKey: string): string {
  return createHash('md5')
    .update(epaySignContent(params) + merchantKey, 'utf8')
    .digest('hex');
}

/** Timing-safe compare of `params.sign` (case-insensitive hex) against the V1 signature; false for missing/ill-formed sign, never throws. */
export function verifyEpayV1(params: EpayParams, merchantKey: string): boolean {
  try {
    const given = params.sign;
    if (typeof given !== 'string' || !MD5_HEX.test(given)) return false;
    const expected = Buffer.from(signEpayV1(params, merchantKey), 'hex');
    return timingSafeEqual(Buffer.from(given, 'hex'), expected);
  } catch {
    return false;
  }
}

/** V2: base64 SHA256withRSA (RSASSA-PKCS1-v1_5) signature of the same content with the merchant private key (PEM, PKCS#8 or PKCS#1). */
export function signEpayV2(params: EpayParams, merchantPrivateKeyPem: string): string {
  const key = createPrivateKey(merchantPrivateKeyPem);
  // A non-RSA key would sign with another scheme the gateway cannot check; fail loudly at configuration time instead.
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('epay V2 needs an RSA private key');
  const content = Buffer.from(epaySignContent(params), 'utf8');
  return signData('sha256', content, { key, padding: constants.RSA_PKCS1_PADDING }).toString('base64');
}

/** Verifies `params.sign` (base64) with the platform public key (PEM); false on anything wrong, never throws. */
export function verifyEpayV2(params: EpayParams, platformPublicKeyPem: string): boolean {
  try {
    const given = params.sign;
    // Node's base64 decoder skips junk silently, so the shape is checked first.
    if (typeof given !== 'string' || given === '' || !BASE64.test(given)) return false;
    const key = createPublicKey(platformPublicKeyPem);
    if (key.asymmetricKeyType !== 'rsa') return false;
    const content = Buffer.from(epaySignContent(params), 'utf8');
    return verifyData('sha256', content, { key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(given, 'base64'));
  } catch {
    return false;
  }
}

/** Amounts as epay writes them ("1", "1.00", "39.9") → integer cents, or null if not a plain non-negative decimal with ≤2 decimals. Never floating-point arithmetic on the string: parse digits. */
export function epayMoneyToCents(money: unknown): number | null {
  const text = typeof money === 'number' ? String(money) : money;
  if (typeof text !== 'string') return null;
  const match = MONEY.exec(text);
  if (!match) return null;
  const cents = BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null;
}

/** 3900 → "39.00". */
export function centsToEpayMoney(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`not a non-negative whole number of cents: ${cents}`);
  const whole = BigInt(cents);
  return `${whole / 100n}.${String(whole % 100n).padStart(2, '0')}`;
}
