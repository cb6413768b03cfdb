import { describe, expect, it } from 'vitest';
import { checkQuota, DAILY_UPLOAD_QUOTA } from '../../src/server/uploads/quota';

const HOUR = 3600_000;
const MB = 1024 * 1024;
const now = 100 * 24 * HOUR;

describe('daily upload quota', () => {
  it('allows up to 50 files a day and names the wait for the 51st', () => {
    const past = Array.from({ length: 49 }, (_, i) => ({ bytes: 1000, createdAt: now - 10 * HOUR + i * 1000 }));
    expect(checkQuota(past, 1000, now)).toEqual({ ok: true });
    past.push({ bytes: 1000, createdAt: now - HOUR });
    // The oldest upload leaves the 24-hour window in 14 hours; then there is room for one more.
    expect(checkQuota(past, 1000, now)).toEqual({ ok: false, limit: 'files', retryAfterMs: 14 * HOUR });
  });

  it('allows up to 20 MB a day, and waits for as many old uploads to leave as the new one needs', () => {
    const past = [
      { bytes: 8 * MB, createdAt: now - 20 * HOUR },
      { bytes: 8 * MB, createdAt: now - 10 * HOUR },
      { bytes: 3 * MB, createdAt: now - HOUR },
    ];
    expect(checkQuota(past, MB, now)).toEqual({ ok: true });
    expect(checkQuota(past, MB + 1, now)).toEqual({ ok: false, limit: 'bytes', retryAfterMs: 4 * HOUR });
    expect(checkQuota([...past, { bytes: MB, createdAt: now }], 10 * MB, now)).toEqual({ ok: false, limit: 'bytes', retryAfterMs: 14 * HOUR });
  });

  it('forgets uploads older than the window', () => {
    const past = Array.from({ length: 60 }, () => ({ bytes: MB, createdAt: now - DAILY_UPLOAD_QUOTA.windowMs }));
    expect(checkQuota(past, 2 * MB, now)).toEqual({ ok: true });
  });
});
