/**
 * A reader's like of a talk, as a grouped write (db/groupedWrites.ts). It may run in the group
 * commit's own thread: this module imports no ORM.
 */
import type { Statements } from '../db/groupCommit.ts';
import { groupedWrite, SIDE_BY_SIDE } from '../db/groupedWrites.ts';
import { likesIn, setLikeIn, type LikesRow } from '../likes/statements.ts';

/** Moves the like counter by ?2 (one up or down), never below zero. */
const BUMP_LIKES =
  'INSERT INTO talk_stats (talk_id, likes) VALUES (?1, CASE WHEN ?2 > 0 THEN ?2 ELSE 0 END) ON CONFLICT (talk_id) DO UPDATE SET likes = CASE WHEN talk_stats.likes + ?2 > 0 THEN talk_stats.likes + ?2 ELSE 0 END RETURNING likes';

/** The like or its withdrawal, with the talk's count after. Whether the talk is there is the catalog's to say, before. */
export const likeTalk = groupedWrite(
  import.meta.url,
  'likeTalk',
  (statements: Statements, id: number, actor: string, liked: boolean) =>
    setLikeIn(statements, 'talk', id, actor, liked, {
      read: async () =>
        likesIn(await statements.get<LikesRow>('SELECT likes FROM talk_stats WHERE talk_id = ?', id)) ?? { likes: 0 },
      bump: async (by) => likesIn(await statements.get<LikesRow>(BUMP_LIKES, id, by)),
    }),
  SIDE_BY_SIDE,
);
