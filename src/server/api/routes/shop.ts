/** The shop (docs/api.md §10.1, §10.2): products, a buyer's orders and licenses, payment notices, the owner's confirm and refund. */
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import type { AuditLog } from '../../admin/audit.ts';
import type { ProductCatalog } from '../../shop/catalog.ts';
import type { OrderService } from '../../shop/orders.ts';
import type { PaymentProvider } from '../../shop/payments/provider.ts';
import type { Settlements } from '../../shop/settle.ts';
import { requireAdmin, requireUser } from '../authenticate.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { id, inputSchema, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  SHOP_CONFIRM,
  SHOP_EPAY_NOTICE,
  SHOP_GET_ORDER,
  SHOP_LICENSES,
  SHOP_ORDER,
  SHOP_ORDERS,
  SHOP_PRODUCTS,
  SHOP_REFUND,
  SHOP_RELEASE_MACHINE,
  SHOP_REPORT_PAID,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const slug = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}` })
    .max(64, { error: `${label}不存在` });
const orderBody = inputSchema(
  SHOP_ORDER,
  z.object(
    {
      product: slug('商品'),
      plan: slug('套餐'),
      provider: z.enum(['manual', 'epay'], { error: '本站不支持这种支付方式' }).optional(),
    },
    { error: '请求体必须是 JSON 对象' },
  ),
);
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
  const { router, route, routeBare } = groupRouter(API.shop);
  const orderLimit = spend(BUDGETS.order);

  route(SHOP_PRODUCTS, () => products.list);

  // Checked before the budget, so a buyer fixing a malformed request is not counted as ordering.
  const checkOrder: RequestHandler = (req, res, next) => {
    res.locals.buyer = requireUser(req);
    res.locals.order = parse(orderBody, req.body);
    next();
  };
  route(SHOP_ORDER, checkOrder, orderLimit, (_req, res) => orders.create(res.locals.buyer.id, res.locals.order));
  route(SHOP_GET_ORDER, (req) => orders.get(requireUser(req).id, parse(orderParams, req.params).order_no));
  route(SHOP_REPORT_PAID, (req) => orders.reportPaid(requireUser(req).id, parse(orderParams, req.params).order_no));
  route(SHOP_ORDERS, (req) => {
    const user = requireUser(req);
    const { current, size } = parse(z.object(paging), { current: req.query.current ?? 1, size: req.query.size ?? 10 });
    return orders.list(user.id, current, size);
  });
  route(SHOP_LICENSES, (req) => orders.licensesOf(requireUser(req).id));
  route(SHOP_RELEASE_MACHINE, (req) =>
    orders.releaseMachine(requireUser(req).id, parse(machineParams, req.params).machine_id),
  );

  // The provider retries until it reads `success`, so that word goes out only once the payment is committed.
  routeBare(SHOP_EPAY_NOTICE, async (req, res) => {
    const answer = (word: 'success' | 'fail') => void res.type('text/plain').send(word);
    const params = noticeParams(req);
    const reading =
      params && provider.readNotice
        ? provider.readNotice(params)
        : { ok: false as const, reason: '本站没有启用易支付' };
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

  route(SHOP_CONFIRM, async (req) => {
    const admin = requireAdmin(req);
    const confirmed = await settlements.confirm(parse(orderParams, req.params).order_no, admin.id);
    await audit.record(admin.id, 'order.confirm', `order:${confirmed.orderNo}`);
    return orders.anyByNo(confirmed.orderNo);
  });
  route(SHOP_REFUND, async (req) => {
    const admin = requireAdmin(req);
    const refunded = await settlements.refund(parse(orderParams, req.params).order_no, admin.id);
    await audit.record(admin.id, 'order.refund', `order:${refunded.orderNo}`);
    return orders.anyByNo(refunded.orderNo);
  });
  return router;
}
