/**
 * A reader's like of a comment, as a grouped write (db/groupedWrites.ts). It may run in the group
 * commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite } from '../db/groupedWrites.ts';
import { likesIn, setLikeIn, type LikesRow } from '../likes/statements.ts';

/** Shown, as reads.ts's reachableComment has it: neither the comment nor its thread's root hidden or held, and the root still there. */
const REACHABLE_LIKES = `SELECT comment.likes FROM comments comment LEFT JOIN comments root ON root.id = comment.parent_id
  WHERE comment.id = ? AND comment.hidden = 0 AND comment.held = 0
    AND (comment.parent_id IS NULL OR (root.hidden = 0 AND root.held = 0))`;

/**
 * The like or its withdrawal, with the comment's count after; null for a comment readers cannot
 * reach. Whether what it was written on can be reached is the service's to say, before.
 */
export const likeComment = groupedWrite(
  import.meta.url,
  'likeComment',
  (statements: Statements, id: number, actor: string, liked: boolean) =>
    setLikeIn(statements, 'comment', id, actor, liked, {
      read: async () => likesIn(await statements.get<LikesRow>(REACHABLE_LIKES, id)),
      bump: async (by) =>
        likesIn(
          await statements.get<LikesRow>(
            'UPDATE comments SET likes = max(0, likes + ?) WHERE id = ? RETURNING likes',
            by,
            id,
          ),
        )!,
    }),
);
