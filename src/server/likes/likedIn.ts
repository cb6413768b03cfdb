/**
 * Whether the reader has liked a target, among the group commit's statements (db/groupedWrites.ts):
 * for the counted visit that also answers `is_like`. It may run in the group commit's own thread,
 * so it imports no ORM.
 */
import type { LikeKind } from '../../contract/likes.ts';
import type { Statements } from '../db/groupCommit.ts';
import type { Actor } from './table.ts';

export async function likedIn(statements: Statements, kind: LikeKind, id: number, actor: Actor): Promise<boolean> {
  return (await statements.get('SELECT 1 AS liked FROM likes WHERE type = ? AND target_id = ? AND actor = ?', kind, id, actor)) !== undefined;
}
