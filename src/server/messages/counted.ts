/**
 * A reader's like of a message, as a grouped write (db/groupedWrites.ts). It may run in the group
 * commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { likesIn, setLikeIn, type LikesRow } from '../likes/statements.ts';

/** The like or its withdrawal, with the message's count after; null for a message readers cannot reach (gone or hidden: see likes.ts). */
export const likeMessage = groupedWrite(
  import.meta.url,
  'likeMessage',
  (statements: Statements, id: number, actor: string, liked: boolean) =>
    setLikeIn(statements, 'message', id, actor, liked, {
      read: async () =>
        likesIn(await statements.get<LikesRow>('SELECT likes FROM messages WHERE id = ? AND NOT hidden', id)),
      bump: async (by) =>
        likesIn(
          await statements.get<LikesRow>(
            'UPDATE messages SET likes = CASE WHEN likes + ?1 > 0 THEN likes + ?1 ELSE 0 END WHERE id = ?2 RETURNING likes',
            by,
            id,
          ),
        ),
    }),
  SIDE_BY_SIDE,
);
