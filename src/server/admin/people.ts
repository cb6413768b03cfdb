/**
 * Managing accounts: search, disable (which ends every login at once and blocks new ones), and
 * roles. The site always keeps one enabled admin: the last cannot be demoted or disabled.
 */
import { and, count, desc, eq, ne, or } from 'drizzle-orm';
import type { AdminUser } from '../../contract/admin.ts';
import type { Page } from '../../contract/envelope.ts';
import { ROLE, type RoleCode } from '../../contract/users.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NotFound, Refused } from '../shared/errors.ts';
import type { SessionStore } from '../users/sessions.ts';
import { contains } from '../shared/textSearch.ts';

type Row = typeof users.$inferSelect;

const toWire = (row: Row): AdminUser => ({
  id: row.id,
  username: row.username,
  nick_name: row.nickName,
  role: row.role,
  disabled: row.disabled,
  createdAt: formatDateTime(row.createdAt),
});

export function createPeople(db: Db, sessions: Pick<SessionStore, 'revokeAll'>) {
  /** Refuses a change that would leave no enabled admin; checked inside the write transaction. */
  async function keepAnAdmin(tx: Tx, user: Row) {
    if (user.role !== ROLE.admin || user.disabled) return;
    const [{ others }] = await tx
      .select({ others: count() })
      .from(users)
      .where(and(eq(users.role, ROLE.admin), eq(users.disabled, false), ne(users.id, user.id)));
    if (others === 0) throw new Refused('这是最后一个管理员，不能降级或停用');
  }

  async function change(id: number, apply: (user: Row) => Partial<Row>): Promise<AdminUser> {
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw new NotFound('用户不存在');
      const set = apply(user);
      if ((set.role !== undefined && set.role !== ROLE.admin) || set.disabled === true) await keepAnAdmin(tx, user);
      const [changed] = await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return toWire(changed);
    });
  }

  return {
    async search(keyword: string, current: number, size: number): Promise<Page<AdminUser>> {
      const where = keyword ? or(contains(users.username, keyword), contains(users.nickName, keyword)) : undefined;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(users).where(where),
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .limit(size)
          .offset((current - 1) * size),
      ]);
      return { current, size, total, list: rows.map(toWire) };
    },

    async setDisabled(actorId: number, id: number, disabled: boolean): Promise<AdminUser> {
      if (disabled && actorId === id) throw new Refused('不能停用自己的账号');
      const user = await change(id, () => ({ disabled }));
      if (disabled) await sessions.revokeAll(id);
      return user;
    },

    async setRole(id: number, role: RoleCode): Promise<AdminUser> {
      return change(id, () => ({ role }));
    },
  };
}

export type People = ReturnType<typeof createPeople>;
