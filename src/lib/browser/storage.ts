/**
 * The original front end's local-storage encoding: JSON, URI-encoded so any Unicode survives, then base64.
 * With `encrypt`, the URI-encoded text is AES-encrypted instead (whose output is base64 too).
 */
import { decryptText, encryptText } from './cipher.ts';

export interface StoredOptions {
  encrypt?: boolean;
}

export function encodeStored(value: unknown, { encrypt = false }: StoredOptions = {}): string {
  const text = encodeURIComponent(JSON.stringify(value));
  return encrypt ? encryptText(text) : btoa(text);
}

/** Decodes a stored value; anything unreadable yields the fallback instead of breaking the page. */
export function decodeStored<T>(
  raw: string | null | undefined,
  fallback: T,
  isValid: (v: unknown) => v is T,
  { encrypt = false }: StoredOptions = {},
): T {
  if (!raw) return fallback;
  try {
    const text = encrypt ? decryptText(raw) : atob(raw);
    if (text === null) return fallback;
    const value: unknown = JSON.parse(decodeURIComponent(text));
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The encode/decode pair for a persistent store. Setting `undefined` removes the key,
 * rather than storing an encoded "undefined".
 */
export function storedCodec<T>(fallback: T, isValid: (v: unknown) => v is T, options: StoredOptions = {}) {
  return {
    encode: (value: T) => (value === undefined ? undefined : encodeStored(value, options)) as string,
    decode: (raw: string) => decodeStored(raw, fallback, isValid, options),
  };
}
