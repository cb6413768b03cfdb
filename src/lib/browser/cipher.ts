/**
 * The user info and token are kept AES-encrypted in local storage as the original front end kept
 * them (AES-CBC with PKCS#7 padding, a fixed key, base64 out), so values it stored still read. A key shipped to every browser hides values from a casual look, nothing
 * more: the real protection is that the session also lives in an HttpOnly cookie and the server
 * keeps only token hashes. Synchronous on purpose: the persistent stores decode while the page
 * starts, and WebCrypto is both asynchronous and missing on plain-HTTP sites.
 */
import { cbc } from '@noble/ciphers/aes.js';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';

const KEY = utf8ToBytes('xyBlog#Local#Key');
const IV = utf8ToBytes('xyBlog#Local#IV0');

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function encryptText(text: string): string {
  return toBase64(cbc(KEY, IV).encrypt(utf8ToBytes(text)));
}

/** The plain text, or null when the value was not made by encryptText. */
export function decryptText(cipher: string): string | null {
  try {
    return bytesToUtf8(cbc(KEY, IV).decrypt(fromBase64(cipher))) || null;
  } catch {
    return null;
  }
}
