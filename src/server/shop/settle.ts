/**
 * Money in, license out: a payment and its fulfilment happen in one write transaction, so
 * duplicate and concurrent notices fulfil exactly once, and a failure leaves the order unpaid for
 * the provider to notify again. A refund revokes the license in the same way.
 */
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { REPORTED_WAIT_DAYS } from '../../contract/limits.ts';
import { NOTIFICATION_TYPE } from '../../contract/notifications.ts';
import { formatPrice } from '../../lib/shared/shop.ts';
import { html } from '../../lib/shared/html.ts';
import type { Db, Tx } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';
import type { LicenseService } from '../licenses/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import { NotFound, Refused } from '../shared/errors.ts';
import type { ProviderPayment } from './payments/provider.ts';

export type OrderRow = typeof orders.$inferSelect;

export interface Settlement extends ProviderPayment {
  source: 'notice' | 'query' | 'admin';
  /** The admin who confirmed a manual payment. */
  actorId?: number;
}

/**
 * `fulfilled`: this payment fulfilled the order. `already`: it was paid before (a replay).
 * `flagged`: money for an order that had expired, recorded for the owner. `refused`: nothing written.
 */
export type SettleOutcome =
  { outcome: 'fulfilled' | 'already' | 'flagged'; order: OrderRow } | { outcome: 'refused'; reason: string };

/** Said paid (我已付款) after this, an order still waits for the owner. */
const reportedSince = (now: Date) => new Date(+now - REPORTED_WAIT_DAYS * 86_400_000);

/** Pending orders the buyer said are paid and the owner has not confirmed yet. */
export const reportedWaiting = (now: Date) =>
  and(eq(orders.status, 'pending'), gt(orders.buyerPaidAt, reportedSince(now)));

/**
 * Pending orders past their time: unpaid past the pay window, or said paid and left unconfirmed
 * for REPORTED_WAIT_DAYS, so that saying 我已付款 cannot keep an order (and its place) forever.
 */
export const overdue = (now: Date) =>
  and(
    eq(orders.status, 'pending'),
    or(and(isNull(orders.buyerPaidAt), lte(orders.expiresAt, now)), lte(orders.buyerPaidAt, reportedSince(now))),
  );

export async function orderByNo(executor: Db | Tx, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await executor.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return order;
}

export function createSettlement(
  db: Db,
  {
    licenses,
    notifications,
  }: {
    licenses: Pick<LicenseService, 'mint' | 'revoke'>;
    notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
  },
) {
  const settlements = {
    async settle(payment: Settlement, now = new Date()): Promise<SettleOutcome> {
      return db.transaction(async (tx) => {
        const order = await orderByNo(tx, payment.orderNo);
        if (!order) return { outcome: 'refused', reason: `订单不存在：${payment.orderNo}` } as const;
        if (payment.amountCents !== order.amountCents) {
          return {
            outcome: 'refused',
            reason: `金额不符：收到 ${formatPrice(payment.amountCents)}，订单 ${formatPrice(order.amountCents)}`,
          } as const;
        }
        if (order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded')
          return { outcome: 'already', order } as const;
        const record = {
          orderId: order.id,
          source: payment.source,
          tradeNo: payment.tradeNo,
          amountCents: payment.amountCents,
          actorId: payment.actorId ?? null,
          detail: payment.detail,
        };
        // An owner confirming an expired order has decided to honour it; a provider's late notice has not.
        if (order.status === 'expired' && payment.source !== 'admin') {
          // The provider repeats a notice until it hears `success`: one flag per payment is enough.
          const sameTrade = payment.tradeNo === null ? isNull(payments.tradeNo) : eq(payments.tradeNo, payment.tradeNo);
          const known = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, order.id), sameTrade))
            .limit(1);
          if (known.length) return { outcome: 'already', order } as const;
          await tx.insert(payments).values({ ...record, flagged: true });
          const message = html`订单 ${order.orderNo}（${order.productName} · ${order.planName}）过期后收到付款
          ${formatPrice(payment.amountCents)}，请核对后确认或退款`;
          await notifications.notify(
            await notifications.forAdmins(
              {
                type: NOTIFICATION_TYPE.ownerOrder,
                toId: order.id,
                message,
                mail: 'owner',
              },
              tx,
            ),
            null,
            tx,
          );
          return { outcome: 'flagged', order } as const;
        }
        await tx
          .update(orders)
          .set({ status: 'paid', paidAt: now, tradeNo: payment.tradeNo })
          .where(eq(orders.id, order.id));
        await licenses.mint(
          tx,
          {
            orderId: order.id,
            orderNo: order.orderNo,
            userId: order.userId,
            product: order.product,
            plan: order.plan,
            days: order.days,
            maxMachines: order.maxMachines,
          },
          now,
        );
        const [fulfilled] = await tx
          .update(orders)
          .set({ status: 'fulfilled' })
          .where(eq(orders.id, order.id))
          .returning();
        await tx.insert(payments).values(record);
        const message = html`你的订单 ${order.orderNo}（${order.productName} ·
        ${order.planName}）已支付，激活码已发放，可以在个人中心查看`;
        await notifications.notify(
          [{ userId: order.userId, type: NOTIFICATION_TYPE.myOrder, toId: order.id, message }],
          payment.actorId ?? null,
          tx,
        );
        return { outcome: 'fulfilled', order: fulfilled } as const;
      });
    },

    /** The owner received a manual payment (or decided to honour a late one): the order is fulfilled. */
    async confirm(orderNo: string, actorId: number, now = new Date()): Promise<OrderRow> {
      const order = await orderByNo(db, orderNo);
      if (!order) throw new NotFound('订单不存在');
      if (order.status === 'refunded') throw new Refused('订单已退款，不能再确认收款');
      const settled = await settlements.settle(
        { orderNo, amountCents: order.amountCents, tradeNo: null, detail: '', source: 'admin', actorId },
        now,
      );
      if (settled.outcome === 'refused') throw new Refused(settled.reason);
      return settled.order;
    },

    /** Marks a paid order refunded and revokes its license; a second refund changes nothing. */
    async refund(orderNo: string, actorId: number, now = new Date()): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await orderByNo(tx, orderNo);
        if (!order) throw new NotFound('订单不存在');
        if (order.status === 'refunded') return order;
        if (order.status !== 'paid' && order.status !== 'fulfilled') throw new Refused('订单还没有付款，不能退款');
        const [refunded] = await tx
          .update(orders)
          .set({ status: 'refunded', refundedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        await licenses.revoke(tx, order.id, now);
        const message = html`你的订单 ${order.orderNo}（${order.productName} ·
        ${order.planName}）已退款，对应的激活码已失效`;
        await notifications.notify(
          [{ userId: order.userId, type: NOTIFICATION_TYPE.myOrder, toId: order.id, message }],
          actorId,
          tx,
        );
        return refunded;
      });
    },

    /** Orders past their time; the caller has asked the provider about them first. */
    async expire(orderIds: number[], now: Date): Promise<void> {
      if (orderIds.length) {
        // A buyer may say 我已付款 between the sweep's read and this write: such an order stays, and its wait begins.
        await db
          .update(orders)
          .set({ status: 'expired' })
          .where(and(inArray(orders.id, orderIds), overdue(now)));
      }
    },
  };
  return settlements;
}

export type Settlements = ReturnType<typeof createSettlement>;
