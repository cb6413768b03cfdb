/** The shop seen by the owner: orders by status, the payments received (flagged ones first to check), and licenses. */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AdminLicense, AdminOrder, AdminPayment } from '../../contract/admin.ts';
import type { Page } from '../../contract/envelope.ts';
import type { OrderStatus } from '../../contract/shop.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { licenseMachines, licenses, orders, payments, users } from '../db/schema.ts';
import { licenseState } from '../licenses/service.ts';
import { NotFound, Refused } from '../shared/errors.ts';

export function createSales(db: Db) {
  async function licenseOfOrder(orderNo: string) {
    const [found] = await db
      .select({ license: licenses })
      .from(licenses)
      .innerJoin(orders, eq(orders.id, licenses.orderId))
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    if (!found) throw new NotFound('这个订单没有授权');
    return found.license;
  }

  return {
    async orders(status: OrderStatus | null, current: number, size: number): Promise<Page<AdminOrder>> {
      const where = status ? eq(orders.status, status) : undefined;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(orders).where(where),
        db
          .select({ order: orders, nickName: users.nickName })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(desc(orders.id))
          .limit(size)
          .offset((current - 1) * size),
      ]);
      const list = rows.map(({ order, nickName }) => ({
        order_no: order.orderNo,
        user_id: order.userId,
        nick_name: nickName,
        product_name: order.productName,
        plan_name: order.planName,
        amount_cents: order.amountCents,
        status: order.status,
        provider: order.provider,
        createdAt: formatDateTime(order.createdAt),
        paidAt: order.paidAt ? formatDateTime(order.paidAt) : null,
        buyer_paid_at: order.buyerPaidAt ? formatDateTime(order.buyerPaidAt) : null,
      }));
      return { current, size, total, list };
    },

    async payments(flaggedOnly: boolean, current: number, size: number): Promise<Page<AdminPayment>> {
      const where: SQL | undefined = flaggedOnly ? eq(payments.flagged, true) : undefined;
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(payments).where(where),
        db
          .select({ payment: payments, orderNo: orders.orderNo, orderStatus: orders.status })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(where)
          .orderBy(desc(payments.flagged), desc(payments.id))
          .limit(size)
          .offset((current - 1) * size),
      ]);
      const list = rows.map(({ payment, orderNo, orderStatus }) => ({
        id: payment.id,
        order_no: orderNo,
        refunded: orderStatus === 'refunded',
        source: payment.source,
        trade_no: payment.tradeNo,
        amount_cents: payment.amountCents,
        flagged: payment.flagged,
        detail: payment.detail,
        createdAt: formatDateTime(payment.createdAt),
      }));
      return { current, size, total, list };
    },

    /** By order number or by buyer. */
    async licenses({ orderNo, userId }: { orderNo?: string; userId?: number }): Promise<AdminLicense[]> {
      const where = and(
        orderNo ? eq(orders.orderNo, orderNo) : undefined,
        userId ? eq(licenses.userId, userId) : undefined,
      );
      const rows = await db
        .select({
          license: licenses,
          orderNo: orders.orderNo,
          productName: orders.productName,
          planName: orders.planName,
          nickName: users.nickName,
        })
        .from(licenses)
        .innerJoin(orders, eq(orders.id, licenses.orderId))
        .innerJoin(users, eq(users.id, licenses.userId))
        .where(where)
        .orderBy(desc(licenses.id))
        .limit(100);
      const ids = rows.map(({ license }) => license.id);
      const machines = ids.length
        ? await db.select().from(licenseMachines).where(inArray(licenseMachines.licenseId, ids))
        : [];
      return rows.map(({ license, orderNo: no, productName, planName, nickName }) => ({
        order_no: no,
        user_id: license.userId,
        nick_name: nickName,
        product: license.product,
        plan: license.plan,
        product_name: productName,
        plan_name: planName,
        state: licenseState(license),
        expires_at: license.expiresAt,
        max_machines: license.maxMachines,
        machines: machines
          .filter((machine) => machine.licenseId === license.id)
          .map((machine) => ({
            id: machine.id,
            fingerprint: machine.fingerprint,
            name: machine.name,
            lastSeenAt: formatDateTime(machine.lastSeenAt),
          })),
      }));
    },

    /** Revokes without refunding, such as for a key that leaked. */
    async revoke(orderNo: string): Promise<void> {
      const license = await licenseOfOrder(orderNo);
      if (license.revokedAt) throw new Refused('这个授权已经吊销了');
      await db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, license.id));
    },

    /** Frees every machine of a license, for a buyer who changed computers. */
    async resetMachines(orderNo: string): Promise<number> {
      const license = await licenseOfOrder(orderNo);
      return (
        await db
          .delete(licenseMachines)
          .where(eq(licenseMachines.licenseId, license.id))
          .returning({ id: licenseMachines.id })
      ).length;
    },
  };
}

export type Sales = ReturnType<typeof createSales>;
