/**
 * The site's owner: the oldest admin account. Articles and talks are theirs (`author_id`), and
 * they are told of comments on them. Read on every list, so kept in memory and refreshed in the
 * background once a minute: an owner made by `npm run admin:create` while the server runs, or by
 * another server process on the same database, shows within that.
 */
import type { Db } from '../db/client.ts';
import { adminIds } from './lookup.ts';

const REFRESH_MS = 60_000;

export interface Owner {
  /** The owner's user id; 0 while the site has no admin account. */
  id(): number;
  /** Reads the database again now, after this process changed the admins. */
  refresh(): Promise<number>;
}

export async function createOwner(db: Db, refreshMs = REFRESH_MS): Promise<Owner> {
  let current = 0;
  let readAt = 0;
  let reading: Promise<number> | null = null;
  const refresh = () =>
    (reading ??= adminIds(db)
      .then(([first]) => {
        current = first ?? 0;
        readAt = Date.now();
        return current;
      })
      .finally(() => (reading = null)));
  await refresh();
  return {
    id() {
      if (Date.now() - readAt > refreshMs) refresh().catch((error) => console.error('读取站长账号失败', error));
      return current;
    },
    refresh,
  };
}
