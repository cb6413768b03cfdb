/** The per-user upload quota over a rolling window: pure, so the rule can be tested on its own. */
export interface UploadQuota {
  maxFiles: number;
  maxBytes: number;
  windowMs: number;
}

export const DAILY_UPLOAD_QUOTA: UploadQuota = { maxFiles: 50, maxBytes: 20 * 1024 * 1024, windowMs: 24 * 3600_000 };

export interface PastUpload {
  bytes: number;
  /** Epoch milliseconds. */
  createdAt: number;
}

export type QuotaVerdict = { ok: true } | { ok: false; limit: 'files' | 'bytes'; retryAfterMs: number };

/**
 * Whether `incoming` more bytes fit, given the user's uploads. When they do not, how long until
 * enough of the oldest uploads have left the window for them to fit.
 */
export function checkQuota(
  past: readonly PastUpload[],
  incoming: number,
  now: number,
  quota: UploadQuota = DAILY_UPLOAD_QUOTA,
): QuotaVerdict {
  const recent = past.filter((u) => u.createdAt > now - quota.windowMs).sort((a, b) => a.createdAt - b.createdAt);
  let files = recent.length;
  let bytes = recent.reduce((sum, u) => sum + u.bytes, 0);
  const limit = files + 1 > quota.maxFiles ? 'files' : bytes + incoming > quota.maxBytes ? 'bytes' : null;
  if (!limit) return { ok: true };
  for (const upload of recent) {
    files--;
    bytes -= upload.bytes;
    if (files + 1 <= quota.maxFiles && bytes + incoming <= quota.maxBytes) {
      return { ok: false, limit, retryAfterMs: Math.max(1000, upload.createdAt + quota.windowMs - now) };
    }
  }
  return { ok: false, limit, retryAfterMs: quota.windowMs };
}
