/**
 * Orders (docs/api.md §10.1): made by logged-in buyers at the product file's price, seen only by
 * their buyer, paid through the site's provider, expired when unpaid in time. The owner hears of
 * every new order, and of every buyer who says a manual payment is made; such an order then waits
 * for the owner's confirmation, up to REPORTED_WAIT_DAYS.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Page } from '../../contract/envelope.ts';
import { MAX_PENDING_ORDERS, MAX_REPORTED_ORDERS } from '../../contract/limits.ts';
import { NOTIFICATION_TYPE } from '../../contract/notifications.ts';
import type { CreatedOrder, LicenseItem, OrderBody, OrderItem, PlanItem } from '../../contract/shop.ts';
import { html } from '../../lib/shared/html.ts';
import { formatPrice, payWindowText } from '../../lib/shared/shop.ts';
import { compactDate, formatDateTime } from '../../lib/shared/time.ts';
import type { Db, Tx } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { licenseState, type LicenseRow, type LicenseService } from '../licenses/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import { NotFound, Refused } from '../shared/errors.ts';
import { resentSince } from '../shared/resent.ts';
import type { ProductCatalog } from './catalog.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { orderByNo, overdue, reportedWaiting, type OrderRow, type Settlements } from './settle.ts';

/** A buyer's page asks about its order every few seconds; the provider is asked at most this often. */
const QUERY_EVERY_MS = 15_000;
/** A notice usually beats this; only then is the provider asked. */
const QUERY_AFTER_MS = 20_000;
const SWEEP_QUERY_LIMIT = 20;

/** A pending order whose notice is late, and whose provider was not asked about it lately. */
const queryDue = (row: OrderRow, now: Date) =>
  row.status === 'pending' &&
  +now - +row.createdAt >= QUERY_AFTER_MS &&
  +now - (row.queriedAt ? +row.queriedAt : 0) >= QUERY_EVERY_MS;

/**
 * The site's date, then 18 random digits: about 60 bits nobody can guess, and only digits, which a
 * buyer can type into a payment note on a phone.
 */
export function newOrderNo(now = new Date()): string {
  let digits = '';
  for (let i = 0; i < 18; i++) digits += randomInt(10);
  return `${compactDate(now)}${digits}`;
}

export interface OrderServiceParts {
  products: ProductCatalog;
  provider: PaymentProvider;
  licenses: LicenseService;
  settlements: Settlements;
  notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
}

export function createOrderService(
  db: Db,
  { products, provider, licenses, settlements, notifications }: OrderServiceParts,
) {
  /** In the transaction of what it tells, so the owner hears of an order exactly when it exists. */
  const tellOwner = async (tx: Tx, row: OrderRow, message: string) =>
    notifications.notify(
      await notifications.forAdmins({ type: NOTIFICATION_TYPE.ownerOrder, toId: row.id, message, mail: 'owner' }, tx),
      row.userId,
      tx,
    );

  const payable = (row: OrderRow) => ({
    orderNo: row.orderNo,
    amountCents: row.amountCents,
    productName: row.productName,
    planName: row.planName,
  });

  function item(row: OrderRow, license: LicenseRow | undefined): OrderItem {
    const key = license && row.status === 'fulfilled' ? licenses.keyOf(license, row.orderNo) : null;
    return {
      order_no: row.orderNo,
      product: row.product,
      plan: row.plan,
      product_name: row.productName,
      plan_name: row.planName,
      amount_cents: row.amountCents,
      status: row.status,
      provider: row.provider,
      createdAt: formatDateTime(row.createdAt),
      paidAt: row.paidAt ? formatDateTime(row.paidAt) : null,
      expires_at: row.expiresAt.toISOString(),
      buyer_paid_at: row.buyerPaidAt ? formatDateTime(row.buyerPaidAt) : null,
      ...(key ? { license_key: key } : {}),
      ...(row.status === 'pending' && row.provider === provider.name ? { pay: provider.payStep(payable(row)) } : {}),
    };
  }

  const items = async (rows: OrderRow[]) => {
    const found = await licenses.ofOrders(rows.map((row) => row.id));
    return rows.map((row) => item(row, found.get(row.id)));
  };

  /**
   * Asks the provider about an unpaid order, and settles what it reports; a failure to ask is only
   * logged. The order is claimed first, by setting its queriedAt unless another set it within
   * QUERY_EVERY_MS: of two requests or two nodes that read it at once, or one after the other while
   * the first still waits for the provider, one asks. Whether this call asked (or there was nothing
   * to ask); false when another asked just now.
   */
  async function askProvider(row: OrderRow, now: Date): Promise<boolean> {
    if (!provider.query || row.provider !== provider.name) return true;
    const claimed = await db
      .update(orders)
      .set({ queriedAt: now })
      .where(
        and(
          eq(orders.id, row.id),
          or(isNull(orders.queriedAt), lte(orders.queriedAt, new Date(+now - QUERY_EVERY_MS))),
        ),
      )
      .returning({ id: orders.id });
    if (claimed.length === 0) return false;
    try {
      const payment = await provider.query(payable(row));
      if (!payment) return true;
      const settled = await settlements.settle({ ...payment, source: 'query' }, now);
      if (settled.outcome === 'refused') console.warn(`支付查询结果未采用（订单 ${row.orderNo}）：${settled.reason}`);
    } catch (error) {
      console.warn(`向支付平台查询订单 ${row.orderNo} 失败：${(error as Error).message}`);
    }
    return true;
  }

  /** Each such order mailed the owner, and waits for the owner's time: a buyer may have only a few. */
  async function assertFewReported(tx: Tx, userId: number, now: Date, refusal: string): Promise<void> {
    const [{ reported }] = await tx
      .select({ reported: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), reportedWaiting(now)));
    if (reported >= MAX_REPORTED_ORDERS) throw new Refused(refusal);
  }

  async function own(userId: number, orderNo: string): Promise<OrderRow> {
    const row = await orderByNo(db, orderNo);
    // Someone else's order reads exactly like a missing one, so order numbers cannot be probed.
    if (!row || row.userId !== userId) throw new NotFound('订单不存在');
    return row;
  }

  /**
   * The buyer's order of this plan, made within the resend window, still to be paid on the same
   * terms and with at least half its time to pay left; or none.
   */
  async function openOrder(
    q: Db | Tx,
    userId: number,
    productSlug: string,
    plan: PlanItem,
    now: Date,
  ): Promise<OrderRow | undefined> {
    const [open] = await q
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.product, productSlug),
          eq(orders.plan, plan.id),
          eq(orders.amountCents, plan.price_cents),
          plan.days === null ? isNull(orders.days) : eq(orders.days, plan.days),
          eq(orders.maxMachines, plan.max_machines),
          eq(orders.provider, provider.name),
          eq(orders.status, 'pending'),
          isNull(orders.buyerPaidAt),
          gt(orders.expiresAt, new Date(+now + (provider.payMinutes * 60_000) / 2)),
          gte(orders.createdAt, resentSince(now)),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    return open;
  }

  const service = {
    provider: provider.name,

    async create(userId: number, body: OrderBody, now = new Date()): Promise<CreatedOrder> {
      const product = products.bySlug.get(body.product);
      if (!product) throw new Refused('没有这个商品', ['product']);
      const plan = product.plans.find((candidate) => candidate.id === body.plan);
      if (!plan) throw new Refused('这个商品没有所选的套餐', ['plan']);
      if (body.provider && body.provider !== provider.name) throw new Refused('本站不支持这种支付方式', ['provider']);
      const expiresAt = new Date(+now + provider.payMinutes * 60_000);
      // Bought again soon after (shared/resent.ts): the order already made and still open to pay,
      // told to the owner once. A provider that can be asked is asked first whether it was paid meanwhile,
      // its notice late: one paid, or said to be paid, is done with, so buying again makes a new one.
      const unpaid = await openOrder(db, userId, product.slug, plan, now);
      if (unpaid && queryDue(unpaid, now)) await askProvider(unpaid, now);
      const row = await db.transaction(async (tx) => {
        const open = await openOrder(tx, userId, product.slug, plan, now);
        if (open) return open;
        // An order the buyer says is paid waits for the owner, not for the buyer: it counts toward
        // its own cap below, not this one.
        const [{ waiting }] = await tx
          .select({ waiting: count() })
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId),
              eq(orders.status, 'pending'),
              gt(orders.expiresAt, now),
              isNull(orders.buyerPaidAt),
            ),
          );
        if (waiting >= MAX_PENDING_ORDERS) {
          throw new Refused(
            `你已有 ${MAX_PENDING_ORDERS} 个待支付的订单，请先完成支付，或等它们在 ${payWindowText(provider.payMinutes)}内过期`,
          );
        }
        await assertFewReported(
          tx,
          userId,
          now,
          `你已有 ${MAX_REPORTED_ORDERS} 个说了已付款的订单在等站长确认收款，请等站长确认后再下单`,
        );
        const [inserted] = await tx
          .insert(orders)
          .values({
            orderNo: newOrderNo(now),
            userId,
            product: product.slug,
            plan: plan.id,
            productName: product.name,
            planName: plan.name,
            amountCents: plan.price_cents,
            days: plan.days,
            maxMachines: plan.max_machines,
            provider: provider.name,
            createdAt: now,
            expiresAt,
          })
          .returning();
        await tellOwner(
          tx,
          inserted,
          html`新订单 ${inserted.orderNo}：${inserted.productName} ·
          ${inserted.planName}，${formatPrice(inserted.amountCents)}`,
        );
        return inserted;
      });
      return {
        order_no: row.orderNo,
        amount_cents: row.amountCents,
        status: row.status,
        pay: provider.payStep(payable(row)),
        expires_at: row.expiresAt.toISOString(),
      };
    },

    /** The buyer's own order. A pending one whose notice is late makes the shop ask the provider. */
    async get(userId: number, orderNo: string, now = new Date()): Promise<OrderItem> {
      let row = await own(userId, orderNo);
      if (queryDue(row, now)) {
        await askProvider(row, now);
        row = await own(userId, orderNo);
      }
      return (await items([row]))[0];
    },

    /**
     * The buyer says a manual payment is made (我已付款): the owner is told once, and the order
     * waits for the owner's confirmation instead of its pay window, up to REPORTED_WAIT_DAYS.
     * Saying it again changes nothing.
     */
    async reportPaid(userId: number, orderNo: string, now = new Date()): Promise<OrderItem> {
      const row = await own(userId, orderNo);
      if (row.provider !== 'manual') throw new Refused('这个订单在支付平台付款，付款后会自动确认，不需要告诉站长');
      if (row.status === 'expired') throw new Refused('订单已过期。如果你已经付款，请联系站长核对');
      if (row.status === 'pending' && !row.buyerPaidAt) {
        await db.transaction(async (tx) => {
          await assertFewReported(
            tx,
            userId,
            now,
            `你已有 ${MAX_REPORTED_ORDERS} 个说了已付款的订单在等站长确认收款，请等站长确认后再试；如果这一单也已付款，请联系站长核对`,
          );
          const [reported] = await tx
            .update(orders)
            .set({ buyerPaidAt: now })
            .where(and(eq(orders.id, row.id), eq(orders.status, 'pending'), isNull(orders.buyerPaidAt)))
            .returning();
          // Only the request that made the change tells the owner: a double tap sends one notice.
          if (reported)
            await tellOwner(
              tx,
              reported,
              html`订单 ${row.orderNo} 的买家说已经付款 ${formatPrice(row.amountCents)}（${row.productName} ·
              ${row.planName}），请核对收款后确认`,
            );
        });
      }
      return (await items([await own(userId, orderNo)]))[0];
    },

    async list(userId: number, current: number, size: number): Promise<Page<OrderItem>> {
      const [{ total }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset((current - 1) * size);
      return { current, size, total, list: await items(rows) };
    },

    /** Any order, for the admin console. */
    async anyByNo(orderNo: string): Promise<OrderItem> {
      const row = await orderByNo(db, orderNo);
      if (!row) throw new NotFound('订单不存在');
      return (await items([row]))[0];
    },

    /** The buyer's licenses, newest first, each with its machines; a refunded order's shows as revoked. */
    async licensesOf(userId: number, now = new Date()): Promise<LicenseItem[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['fulfilled', 'refunded'])))
        .orderBy(desc(orders.id));
      const found = await licenses.ofOrders(rows.map((row) => row.id));
      const machines = await licenses.machinesOf([...found.values()].map((license) => license.id));
      return rows.flatMap((row) => {
        const license = found.get(row.id);
        const key = license && licenses.keyOf(license, row.orderNo);
        if (!license || !key) return [];
        return [
          {
            order_no: row.orderNo,
            product: row.product,
            product_name: row.productName,
            plan: row.plan,
            plan_name: row.planName,
            license_key: key,
            state: licenseState(license, now),
            expires_at: license.expiresAt,
            max_machines: license.maxMachines,
            machines: machines.get(license.id) ?? [],
          },
        ];
      });
    },

    /** A buyer frees one of their own machines; answers that license as it is now. */
    async releaseMachine(userId: number, machineId: number): Promise<LicenseItem> {
      const license = await licenses.releaseMachine(userId, machineId);
      if (!license) throw new NotFound('这台机器不存在，或不属于你的授权');
      const [row] = await db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(eq(orders.id, license.orderId))
        .limit(1);
      const mine = (await service.licensesOf(userId)).find((item) => item.order_no === row.orderNo);
      if (!mine) throw new NotFound('授权不存在');
      return mine;
    },

    /** Expires orders past their time, after asking the provider about each one last. */
    async sweep(now = new Date()): Promise<number> {
      const due = await db
        .select()
        .from(orders)
        .where(overdue(now))
        .limit(SWEEP_QUERY_LIMIT * 10);
      const expiring = due.slice(SWEEP_QUERY_LIMIT).map((row) => row.id);
      // One another node is asking about is left to it: expired here, a payment it then hears of would only be flagged.
      for (const row of due.slice(0, SWEEP_QUERY_LIMIT)) if (await askProvider(row, now)) expiring.push(row.id);
      await settlements.expire(expiring, now);
      return due.length;
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;
