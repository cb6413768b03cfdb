/** Talks (docs/api.md §9.3): content from the build's export, likes from the database. */
import type { Page } from '../../contract/envelope.ts';
import type { Talk } from '../../contract/talks.ts';
import { paginate } from '../../lib/node/articles.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import { site } from '../../site.config.ts';
import type { Db } from '../db/client.ts';
import { commentCounts } from '../comments/counts.ts';
import { likedAmong } from '../likes/table.ts';
import type { LikeTarget } from '../likes/target.ts';
import type { Owner } from '../users/owner.ts';
import type { CatalogTalk, TalkCatalog } from './catalog.ts';
import { likeTalk } from './counted.ts';
import * as stats from './stats.ts';

/** `owner`: whose talks they are, told of comments on them. */
export function createTalkService(db: Db, catalog: TalkCatalog, owner: Pick<Owner, 'id'>) {
  async function items(list: readonly CatalogTalk[], actor: string): Promise<Talk[]> {
    const ids = list.map((t) => t.id);
    const [counts, liked, comments] = await Promise.all([
      stats.likeCounts(db, ids),
      likedAmong(db, 'talk', ids, actor),
      commentCounts(db, 2, ids),
    ]);
    return list.map((t) => ({
      id: t.id,
      content: t.text,
      content_html: t.html,
      talkImgList: [...t.images],
      nick_name: site.author,
      avatar: site.avatar,
      like_times: counts.get(t.id) ?? 0,
      is_like: liked.has(t.id),
      is_top: t.pinned ? 1 : 2,
      comment_total: comments.get(t.id) ?? 0,
      createdAt: formatDateTime(t.date),
    }));
  }

  return {
    find: (id: number): CatalogTalk | null => catalog.byId.get(id) ?? null,
    ownerId: () => owner.id(),

    /** Pinned first, then newest. */
    async list(current: number, size: number, actor: string): Promise<Page<Talk>> {
      const page = paginate(catalog.ordered, current, size);
      return { current, size, total: page.total, list: await items(page.list, actor) };
    },

    async detail(talk: CatalogTalk, actor: string): Promise<Talk> {
      const [item] = await items([talk], actor);
      return item;
    },

    /** Talks as likes see them: any talk in the build's export. */
    likeTarget: {
      counter: async (db, id) => (catalog.byId.has(id) ? { likes: await stats.likeCount(db, id) } : null),
      reachable: (id) => catalog.byId.has(id),
      like: likeTalk,
    } satisfies LikeTarget,
  };
}

export type TalkService = ReturnType<typeof createTalkService>;
