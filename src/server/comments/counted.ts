/**
 * A reader's like of a comment, as a grouped write (db/groupedWrites.ts). It may run in the group
 * commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { likesIn, setLikeIn, type LikesRow } from '../likes/statements.ts';

/** Shown, as reads.ts's reachableComment has it: neither the comment nor its thread's root hidden or held, and the root still there. */
const REACHABLE_LIKES = `SELECT comment.likes FROM comments comment LEFT JOIN comments root ON root.id = comment.parent_id
  WHERE comment.id = ? AND NOT comment.hidden AND NOT comment.held
    AND (comment.parent_id IS NULL OR (NOT root.hidden AND NOT root.held))`;

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
            'UPDATE comments SET likes = CASE WHEN likes + ?1 > 0 THEN likes + ?1 ELSE 0 END WHERE id = ?2 RETURNING likes',
            by,
            id,
          ),
        ),
    }),
  SIDE_BY_SIDE,
);
