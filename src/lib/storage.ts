/**
 * The spec's local-storage encoding: JSON, URI-encoded so any Unicode survives,
 * then base64. It hides nothing; it only keeps values opaque and ASCII.
 */
export function encodeStored(value: unknown): string {
  return btoa(encodeURIComponent(JSON.stringify(value)));
}

/** Decodes a stored value; anything unreadable yields the fallback instead of breaking the page. */
export function decodeStored<T>(raw: string | null | undefined, fallback: T, isValid: (v: unknown) => v is T): T {
  if (!raw) return fallback;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(atob(raw)));
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}
