/** The shop put together: the provider the site is configured with, orders, settlement and the expiry sweep. */
import type { Db } from '../db/client.ts';
import type { LicenseService } from '../licenses/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { ProductCatalog } from './catalog.ts';
import { createOrderService } from './orders.ts';
import { epayProvider } from './payments/epay.ts';
import { manualProvider, type OwnerQrCodes } from './payments/manual.ts';
import type { PaymentSettings } from './payments/settings.ts';
import { createSettlement } from './settle.ts';

export interface ShopParts {
  products: ProductCatalog;
  licenses: LicenseService;
  notifications: Pick<NotificationService, 'notify' | 'forAdmins'>;
  payment: PaymentSettings;
  ownerQrCodes: OwnerQrCodes;
}

export function createShop(db: Db, { products, licenses, notifications, payment, ownerQrCodes }: ShopParts) {
  const provider = payment.epay
    ? epayProvider(payment.epay, payment.siteUrl)
    : manualProvider(ownerQrCodes, payment.manualPayHours);
  const settlements = createSettlement(db, { licenses, notifications });
  const orders = createOrderService(db, { products, provider, licenses, settlements, notifications });
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // One sweep at a time: a slow provider must not pile them up.
    sweeping = sweeping.then(() => orders.sweep()).catch((error) => console.error('清理过期订单失败：', error));
  }, payment.sweepMs);
  timer.unref();
  return { products, provider, orders, settlements, stop: () => clearInterval(timer) };
}

export type Shop = ReturnType<typeof createShop>;
