/**
 * The spec keeps the user info and token AES-encrypted in local storage (AES-CBC, a fixed key).
 * A key shipped to every browser hides values from a casual look, nothing more: the real
 * protection is that the session also lives in an HttpOnly cookie and the server keeps only
 * token hashes.
 */
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import CryptoJS from 'crypto-js/core.js';

const KEY = CryptoJS.enc.Utf8.parse('xyBlog#Local#Key');
const IV = CryptoJS.enc.Utf8.parse('xyBlog#Local#IV0');

export function encryptText(text: string): string {
  return AES.encrypt(text, KEY, { iv: IV, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString();
}

/** The plain text, or null when the value was not made by encryptText. */
export function decryptText(cipher: string): string | null {
  try {
    const text = AES.decrypt(cipher, KEY, { iv: IV, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString(Utf8);
    return text || null;
  } catch {
    return null;
  }
}
