/** The audit log: every admin action, who did it and to what. */
import { desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/admin.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

export const AUDIT_SHOWN = 20;

export function createAuditLog(db: Db) {
  return {
    async record(actorId: number, action: string, target: string, detail = ''): Promise<void> {
      await db.insert(auditLog).values({ actorId, action, target, detail });
    },

    async latest(limit = AUDIT_SHOWN): Promise<AuditEntry[]> {
      const rows = await db
        .select({ entry: auditLog, actorName: users.nickName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.id))
        .limit(limit);
      return rows.map(({ entry, actorName }) => ({
        id: entry.id,
        actor_id: entry.actorId,
        actor_name: actorName ?? '',
        action: entry.action,
        target: entry.target,
        detail: entry.detail,
        createdAt: formatDateTime(entry.createdAt),
      }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
