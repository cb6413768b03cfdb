/**
 * The original front end's local-storage encoding: JSON, URI-encoded so any Unicode survives, then base64.
 * With a `cipher`, the URI-encoded text is AES-encrypted instead (whose output is base64 too).
 */

/** Encrypts and decrypts stored text: cipher.ts, handed in by the caller, which decides when to load it. */
export interface TextCipher {
  encryptText(text: string): string;
  /** The plain text, or null when the value was not made by encryptText. */
  decryptText(cipher: string): string | null;
}

export interface StoredOptions {
  cipher?: TextCipher;
}

export function encodeStored(value: unknown, { cipher }: StoredOptions = {}): string {
  const text = encodeURIComponent(JSON.stringify(value));
  return cipher ? cipher.encryptText(text) : btoa(text);
}

/** Decodes a stored value; anything unreadable yields the fallback instead of breaking the page. */
export function decodeStored<T>(
  raw: string | null | undefined,
  fallback: T,
  isValid: (v: unknown) => v is T,
  { cipher }: StoredOptions = {},
): T {
  if (!raw) return fallback;
  try {
    const text = cipher ? cipher.decryptText(raw) : atob(raw);
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
