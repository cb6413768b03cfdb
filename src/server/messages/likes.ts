/** Messages as likes see them: a message readers can reach, with its counter on its own row. */
import { and, eq } from 'drizzle-orm';
import { messages } from '../db/schema.ts';
import type { LikeTarget } from '../likes/target.ts';
import { likeMessage } from './counted.ts';

/** The message as readers can reach it: there, and not hidden by the owner (a hidden message takes its thread with it). */
export const visibleMessage = (id: number) => and(eq(messages.id, id), eq(messages.hidden, false));

export const messageLikeTarget: LikeTarget = {
  async counter(db, id) {
    const [message] = await db.select({ likes: messages.likes }).from(messages).where(visibleMessage(id)).limit(1);
    return message ?? null;
  },
  like: likeMessage,
};
