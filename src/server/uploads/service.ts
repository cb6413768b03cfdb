/**
 * Uploads with an owner: each file is recorded with who uploaded it and its size, for the daily
 * quota, for checking that an avatar is one's own upload, and for removing files nothing uses.
 */
import { and, eq, gt, lt, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Executor } from '../db/client.ts';
import { links, messages, uploads, users } from '../db/schema.ts';
import { Refused, RetryLater, waitInWords } from '../shared/errors.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { checkImageSize, imageExtension, UPLOAD_URL_PREFIX, uploadedFileName } from './images.ts';
import { checkQuota, DAILY_UPLOAD_QUOTA, type UploadQuota } from './quota.ts';

export interface UploadOptions {
  /** Where the files are stored; served under /uploads. */
  dir: string;
  quota?: UploadQuota;
  clock?: () => number;
}

/** Who uploads: the account, and the address key it uploads from ('' when unknown). */
export interface Uploader {
  userId: number;
  address: string;
}

export function createUploadService(db: Db, { dir, quota = DAILY_UPLOAD_QUOTA, clock = Date.now }: UploadOptions) {
  const serialize = createKeyedSerializer();

  /** The uploads in the window by this user, or from this address. */
  async function recent(executor: Executor, by: SQL, now: number) {
    const rows = await executor
      .select({ bytes: uploads.bytes, createdAt: uploads.createdAt })
      .from(uploads)
      .where(and(by, gt(uploads.createdAt, new Date(now - quota.windowMs))));
    return rows.map((row) => ({ bytes: row.bytes, createdAt: +row.createdAt }));
  }

  /** The quota holds per account and per address: a new account from the same place brings no fresh quota. */
  async function assertFits(executor: Executor, { userId, address }: Uploader, incoming: number, now: number) {
    const byUser = checkQuota(await recent(executor, eq(uploads.userId, userId), now), incoming, now, quota);
    const verdict =
      byUser.ok && address
        ? checkQuota(await recent(executor, eq(uploads.address, address), now), incoming, now, quota)
        : byUser;
    if (verdict.ok) return;
    const hours = Math.round(quota.windowMs / 3600_000);
    const what =
      verdict.limit === 'files'
        ? `${hours} 小时内最多上传 ${quota.maxFiles} 张图片`
        : `${hours} 小时内上传的图片合计不能超过 ${Math.round(quota.maxBytes / 1024 / 1024)} MB`;
    throw new RetryLater(`${what}，请 ${waitInWords(verdict.retryAfterMs)}后再试`, verdict.retryAfterMs);
  }

  /** Files some row still points at. Features that reference uploads add their check here. */
  async function inUse(path: string): Promise<boolean> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, path)).limit(1);
    if (user) return true;
    const [post] = await db.select({ id: messages.id }).from(messages).where(eq(messages.bgUrl, path)).limit(1);
    if (post) return true;
    const [link] = await db.select({ id: links.id }).from(links).where(eq(links.siteAvatar, path)).limit(1);
    return Boolean(link);
  }

  return {
    /** Refuses early, before the body is read, when even an empty file would not fit. */
    checkQuota: (uploader: Uploader) => assertFits(db, uploader, 0, clock()),

    /** Stores the image as the user's upload and gives its public path. */
    async save(uploader: Uploader, bytes: Buffer): Promise<string> {
      const { userId, address } = uploader;
      const ext = await imageExtension(bytes);
      if (!ext) throw new Refused('只能上传 PNG、JPEG、WebP 或 GIF 图片', ['file']);
      await checkImageSize(bytes);
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      const path = UPLOAD_URL_PREFIX + name;
      // Check and record as one step, so parallel uploads (from one account, or from several accounts
      // at one address) cannot all squeeze under the quota. On SQLite the transaction takes the write
      // lock before it reads, so another process on the same database waits for it and then counts
      // this upload; on PostgreSQL it is serializable, and the later of two that meet runs again (db/postgres.ts). In this process the uploads of one user, and of one address, take turns first,
      // so they never wait on that lock for each other; the address is always taken second, so two
      // uploads never wait on each other in a circle.
      const record = () =>
        db.transaction(async (tx) => {
          const now = clock();
          await assertFits(tx, uploader, bytes.length, now);
          await tx.insert(uploads).values({ path, userId, address, bytes: bytes.length, createdAt: new Date(now) });
        });
      await serialize(`user:${userId}`, () => (address ? serialize(`address:${address}`, record) : record()));
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, name), bytes, { mode: 0o644 });
      } catch (error) {
        await db.delete(uploads).where(eq(uploads.path, path));
        throw error;
      }
      return path;
    },

    /** Whether this user uploaded the file and it is still there. */
    async isOwnedBy(path: string, userId: number): Promise<boolean> {
      const name = uploadedFileName(path);
      if (!name) return false;
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.path, path), eq(uploads.userId, userId)))
        .limit(1);
      if (!row) return false;
      return stat(join(dir, name)).then(
        (s) => s.isFile(),
        () => false,
      );
    },

    /**
     * Uploads older than the quota window that nothing uses: an upload never put to use (a form
     * left unsent) or let go since. Their files and rows go; rows younger still count towards the
     * quota. Answers how many files were removed.
     */
    async sweepOrphans(): Promise<number> {
      const old = await db
        .select({ id: uploads.id, path: uploads.path })
        .from(uploads)
        .where(lt(uploads.createdAt, new Date(clock() - quota.windowMs)));
      let removed = 0;
      for (const { id, path } of old) {
        if (await inUse(path)) continue;
        const name = uploadedFileName(path);
        if (name) {
          await unlink(join(dir, name)).then(
            () => removed++,
            (error: NodeJS.ErrnoException) => void (error.code !== 'ENOENT' && console.error(error)),
          );
        }
        await db.delete(uploads).where(eq(uploads.id, id));
      }
      return removed;
    },

    /**
     * Deletes the file when nothing uses it any more. Its row stays: it still counts towards the
     * day's quota, or replacing an avatar over and over would upload without limit.
     */
    async releaseIfUnused(path: string): Promise<boolean> {
      const name = uploadedFileName(path);
      if (!name || (await inUse(path))) return false;
      try {
        await unlink(join(dir, name));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.error(error);
        return false;
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
