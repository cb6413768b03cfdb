/** Posts as likes see them: a post readers can reach, with its counter on its own row. */
import { and, eq } from 'drizzle-orm';
import { messages } from '../db/schema.ts';
import { bumpRowLikes } from '../likes/table.ts';
import type { LikeTarget } from '../likes/target.ts';

/** The post as readers can reach it: there, and not hidden by the owner (a hidden post takes its thread with it). */
export const visiblePost = (id: number) => and(eq(messages.id, id), eq(messages.hidden, false));

export const postLikeTarget: LikeTarget = {
  async counter(db, id) {
    const [post] = await db.select({ likes: messages.likes }).from(messages).where(visiblePost(id)).limit(1);
    return post ?? null;
  },
  bump: (tx, id, by) => bumpRowLikes(tx, messages, id, by),
};
