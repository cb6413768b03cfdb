/** What the shop sells, and the key the desktop tools verify licenses with. */
import { createPublicKey } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mintLicenseKey,
  PRIVATE_KEY_FILE,
  verifyLicenseKey,
  loadOrCreateSigningKeys,
} from '../../src/server/licenses/keys';
import type { ProductExport } from '../../src/lib/node/contentIndex';
import { startApi, type ApiClient } from './api';

const contentDir = process.env.CONTENT_EXPORT_DIR ?? join(process.env.DIST_DIR ?? 'dist', 'server', 'content');
const exported: ProductExport = JSON.parse(readFileSync(join(contentDir, 'products.json'), 'utf8'));

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

describe('GET /api/shop/products', () => {
  it('lists every product the build exported, with integer prices in cents', async () => {
    const res = await api.call('GET', '/shop/products');
    expect(res.status).toBe(200);
    const products = res.body.result as ProductExport['products'];
    expect(products.map((p) => p.slug)).toEqual(exported.products.map((p) => p.slug));
    expect(products.length).toBeGreaterThanOrEqual(2);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(['description', 'name', 'plans', 'slug']);
      for (const plan of product.plans) {
        expect(Object.keys(plan).sort()).toEqual(['days', 'id', 'max_machines', 'name', 'price_cents']);
        expect(Number.isInteger(plan.price_cents) && plan.price_cents > 0).toBe(true);
      }
    }
  });
});

describe('GET /api/license/public-key', () => {
  it('answers the Ed25519 public key the server made at first start, kept private with mode 0600', async () => {
    const res = await api.call('GET', '/license/public-key');
    expect(res.status).toBe(200);
    const pem = res.body.result as string;
    expect(createPublicKey(pem).asymmetricKeyType).toBe('ed25519');
    expect(statSync(join(api.dir, PRIVATE_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('is the same after a restart, so keys sold before still verify', async () => {
    const before = (await api.call('GET', '/license/public-key')).body.result as string;
    const keys = loadOrCreateSigningKeys(api.dir);
    const key = mintLicenseKey(keys, {
      v: 1,
      product: 'xxx-sd',
      plan: 'year',
      order: 'T1',
      expires_at: null,
      max_machines: 2,
      issued_at: new Date().toISOString(),
    });
    await api.restart();
    const after = (await api.call('GET', '/license/public-key')).body.result as string;
    expect(after).toBe(before);
    expect(verifyLicenseKey(after, key)?.order).toBe('T1');
  });
});
