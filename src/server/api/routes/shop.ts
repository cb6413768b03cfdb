/** The shop (docs/api.md §10.1, §10.2): products, a buyer's orders and licenses, payment notices, the owner's confirm and refund. */
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import type { Page } from '../../../contract/envelope.ts';
import type { CreatedOrder, LicenseItem, OrderBody, OrderItem, ProductItem } from '../../../contract/shop.ts';
import type { AuditLog } from '../../admin/audit.ts';
import type { ProductCatalog } from '../../shop/catalog.ts';
import type { OrderService } from '../../shop/orders.ts';
import type { PaymentProvider } from '../../shop/payments/provider.ts';
import type { Settlements } from '../../shop/settle.ts';
import { requireAdmin, requireUser } from '../authenticate.ts';
import { ok } from '../envelope.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { id, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';

const slug = (label: string) => z.string({ error: `请选择${label}` }).trim().min(1, { error: `请选择${label}` }).max(64, { error: `${label}不存在` });
const orderBody = z.object(
  { product: slug('商品'), plan: slug('套餐'), provider: z.enum(['manual', 'epay'], { error: '本站不支持这种支付方式' }).optional() },
  { error: '请求体必须是 JSON 对象' },
) satisfies z.ZodType<OrderBody>;
const orderParams = z.object({ order_no: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '订单号格式不对' }) });
const machineParams = z.object({ machine_id: id('machine_id') });

/** A notice's query string, each name once; anything else is not a notice we can read. */
function noticeParams(req: Request): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value !== 'string') return null;
    params[name] = value;
  }
  return params;
}

export interface ShopRouteServices {
  products: ProductCatalog;
  orders: OrderService;
  settlements: Settlements;
  provider: PaymentProvider;
  audit: Pick<AuditLog, 'record'>;
}

export function shopRoutes({ products, orders, settlements, provider, audit }: ShopRouteServices): Router {
  const { router, route } = groupRouter(API.shop);
  const orderLimit = spend(BUDGETS.order);

  route('products', (_req, res) => void res.json(ok(products.list satisfies ProductItem[])));

  // Checked before the budget, so a buyer fixing a malformed request is not counted as ordering.
  const checkOrder: RequestHandler = (req, res, next) => {
    res.locals.buyer = requireUser(req);
    res.locals.order = parse(orderBody, req.body);
    next();
  };
  route('order', checkOrder, orderLimit, async (_req, res) => {
    res.json(ok((await orders.create(res.locals.buyer.id, res.locals.order)) satisfies CreatedOrder));
  });
  route('getOrder', async (req, res) => {
    const user = requireUser(req);
    res.json(ok((await orders.get(user.id, parse(orderParams, req.params).order_no)) satisfies OrderItem));
  });
  route('reportPaid', async (req, res) => {
    const user = requireUser(req);
    res.json(ok((await orders.reportPaid(user.id, parse(orderParams, req.params).order_no)) satisfies OrderItem));
  });
  route('orders', async (req, res) => {
    const user = requireUser(req);
    const { current, size } = parse(z.object(paging), { current: req.query.current ?? 1, size: req.query.size ?? 10 });
    res.json(ok((await orders.list(user.id, current, size)) satisfies Page<OrderItem>));
  });
  route('licenses', async (req, res) => {
    const user = requireUser(req);
    res.json(ok((await orders.licensesOf(user.id)) satisfies LicenseItem[]));
  });
  route('releaseMachine', async (req, res) => {
    const user = requireUser(req);
    res.json(ok((await orders.releaseMachine(user.id, parse(machineParams, req.params).machine_id)) satisfies LicenseItem));
  });

  // The provider retries until it reads `success`, so that word goes out only once the payment is committed.
  route('epayNotice', async (req, res) => {
    const answer = (word: 'success' | 'fail') => void res.type('text/plain').send(word);
    const params = noticeParams(req);
    const reading = params && provider.readNotice ? provider.readNotice(params) : { ok: false as const, reason: '本站没有启用易支付' };
    if (!reading.ok) {
      console.warn(`拒绝了一条易支付通知：${reading.reason}`);
      return answer('fail');
    }
    try {
      const settled = await settlements.settle({ ...reading.payment, source: 'notice' });
      if (settled.outcome === 'refused') console.warn(`拒绝了一条易支付通知：${settled.reason}`);
      answer(settled.outcome === 'refused' ? 'fail' : 'success');
    } catch (error) {
      console.error(error);
      answer('fail');
    }
  });

  route('confirm', async (req, res) => {
    const admin = requireAdmin(req);
    const confirmed = await settlements.confirm(parse(orderParams, req.params).order_no, admin.id);
    await audit.record(admin.id, 'order.confirm', `order:${confirmed.orderNo}`);
    res.json(ok((await orders.anyByNo(confirmed.orderNo)) satisfies OrderItem));
  });
  route('refund', async (req, res) => {
    const admin = requireAdmin(req);
    const refunded = await settlements.refund(parse(orderParams, req.params).order_no, admin.id);
    await audit.record(admin.id, 'order.refund', `order:${refunded.orderNo}`);
    res.json(ok((await orders.anyByNo(refunded.orderNo)) satisfies OrderItem));
  });
  return router;
}
