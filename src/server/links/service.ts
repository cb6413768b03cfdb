/**
 * Download entries (docs/api.md §11): a logged-in user applies, an admin approves or rejects,
 * approved entries are listed. Admins hear of every application, the applicant of every verdict.
 */
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Page } from '../../contract/envelope.ts';
import { LINK_STATUS, type LinkItem, type LinkStatusCode } from '../../contract/links.ts';
import { html } from '../../lib/shared/html.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { links } from '../db/schema.ts';
import type { NotificationService } from '../notifications/service.ts';
import { NotFound, NotYours, Refused } from '../shared/errors.ts';
import type { UploadService } from '../uploads/service.ts';
import { isUploadedImagePath } from '../uploads/images.ts';
import { NOTIFICATION_TYPE } from '../../contract/notifications.ts';

type Row = typeof links.$inferSelect;

/** A link's fields as checked by the route: trimmed, `''` for no icon. */
export interface LinkFields {
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
}

const toWire = (row: Row): LinkItem => ({
  id: row.id,
  site_name: row.siteName,
  site_desc: row.siteDesc,
  site_avatar: row.siteAvatar,
  url: row.url,
  status: row.status,
  user_id: row.userId,
  createdAt: formatDateTime(row.createdAt),
  updatedAt: formatDateTime(row.updatedAt),
});

const columns = (fields: LinkFields) => ({
  siteName: fields.site_name,
  siteDesc: fields.site_desc,
  siteAvatar: fields.site_avatar,
  url: fields.url,
});

export function createLinkService(
  db: Db,
  {
    uploads,
    notifications,
    externalIconAllowed,
  }: {
    uploads: Pick<UploadService, 'isOwnedBy' | 'releaseIfUnused'>;
    notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
    /** Whether the page may show an icon from this address (the content security policy's image sources). */
    externalIconAllowed: (url: string) => boolean;
  },
) {
  async function assertIcon(icon: string, userId: number) {
    if (!icon) return;
    if (isUploadedImagePath(icon) ? await uploads.isOwnedBy(icon, userId) : externalIconAllowed(icon)) return;
    throw new Refused(
      isUploadedImagePath(icon) ? '只能使用自己上传的图片作为图标' : '图标只能上传，或使用站长允许的图片地址',
      ['site_avatar'],
    );
  }

  const tellAdmins = async (row: Row, actorId: number, verb: string) =>
    notifications.notify(
      await notifications.forAdmins(
        {
          type: NOTIFICATION_TYPE.ownerLinkApplication,
          toId: row.id,
          message: html`有新的下载申请${verb}：<b>${row.siteName}</b>`,
        },
        db,
      ),
      actorId,
    );

  return {
    /** Approved entries, newest first. */
    async listApproved(current: number, size: number): Promise<Page<LinkItem>> {
      const where = eq(links.status, LINK_STATUS.approved);
      const [{ total }] = await db.select({ total: count() }).from(links).where(where);
      const rows = await db
        .select()
        .from(links)
        .where(where)
        .orderBy(desc(links.createdAt), desc(links.id))
        .limit(size)
        .offset((current - 1) * size);
      return { current, size, total, list: rows.map(toWire) };
    },

    /** The applicant's own applications, in every state. */
    async mine(userId: number): Promise<LinkItem[]> {
      return (await db.select().from(links).where(eq(links.userId, userId)).orderBy(desc(links.id))).map(toWire);
    },

    /** Entries in a state, for the admin console. */
    async byStatus(status: LinkStatusCode | null, current: number, size: number): Promise<Page<LinkItem>> {
      const where = status === null ? undefined : eq(links.status, status);
      const [{ total }] = await db.select({ total: count() }).from(links).where(where);
      const rows = await db
        .select()
        .from(links)
        .where(where)
        .orderBy(desc(links.id))
        .limit(size)
        .offset((current - 1) * size);
      return { current, size, total, list: rows.map(toWire) };
    },

    async add(userId: number, fields: LinkFields): Promise<LinkItem> {
      await assertIcon(fields.site_avatar, userId);
      const [row] = await db
        .insert(links)
        .values({ userId, ...columns(fields) })
        .returning();
      await tellAdmins(row, userId, '');
      return toWire(row);
    },

    /** Edits one's own application; whatever its state, it goes back to pending for another review. */
    async update(userId: number, id: number, fields: LinkFields): Promise<LinkItem> {
      const [found] = await db.select().from(links).where(eq(links.id, id)).limit(1);
      if (!found) throw new NotFound('申请不存在');
      if (found.userId !== userId) throw new NotYours('只能修改自己的申请');
      if (fields.site_avatar !== found.siteAvatar) await assertIcon(fields.site_avatar, userId);
      const [row] = await db
        .update(links)
        .set({ ...columns(fields), status: LINK_STATUS.pending, updatedAt: new Date() })
        .where(eq(links.id, id))
        .returning();
      if (found.siteAvatar !== row.siteAvatar) await uploads.releaseIfUnused(found.siteAvatar);
      await tellAdmins(row, userId, '（修改后重新提交）');
      return toWire(row);
    },

    /** Sets the verdict on each entry and tells each applicant; answers the entries changed. */
    async review(
      ids: number[],
      status: typeof LINK_STATUS.approved | typeof LINK_STATUS.rejected,
      adminId: number,
    ): Promise<LinkItem[]> {
      return db.transaction(async (tx) => {
        // Entries already in that state are left alone, so nobody hears the same verdict twice.
        const rows = await tx
          .update(links)
          .set({ status, updatedAt: new Date() })
          .where(and(inArray(links.id, ids), ne(links.status, status)))
          .returning();
        const verdict = status === LINK_STATUS.approved ? '已通过，已经显示在下载页' : '没有通过，可以修改后重新提交';
        // One notification per entry: an applicant with two entries hears of both.
        for (const row of rows) {
          const message = html`你的下载申请 <b>${row.siteName}</b> ${verdict}`;
          await notifications.notify(
            [{ userId: row.userId, type: NOTIFICATION_TYPE.linkApplication, toId: row.id, message }],
            adminId,
            tx,
          );
        }
        return rows.map(toWire);
      });
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
