/** The license API the desktop tools call: activation limits, validation with machine files, deactivation, and its limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINGERPRINT_MAX_LENGTH,
  LICENSE_CALLS_PER_MINUTE_PER_IP,
  LICENSE_CALLS_PER_MINUTE_PER_KEY,
  MACHINE_NAME_MAX_CHARS,
} from '../../src/contract/limits';
import type { CreatedOrder, ProductItem } from '../../src/contract/shop';
import { hashLicenseKey, verifyMachineFile } from '../../src/server/licenses/keys';
import type { ApiClient } from './api';
import { freshIp, newPerson, ownerLogin, startOwnedApi, type Person } from './people';
import { buy } from './shop';

const BLOCK = 76;
let api: ApiClient;
let owner: Person;
let publicKey: string;
let products: ProductItem[];
beforeAll(async () => {
  api = await startOwnedApi();
  owner = await ownerLogin(api, BLOCK);
  publicKey = (await api.call('GET', '/license/public-key')).body.result;
  products = (await api.call('GET', '/shop/products')).body.result;
});
afterAll(() => api?.stop());

let buyers = 0;
/** A fresh license for a plan of this many machines, by a new buyer (ordering is limited per buyer), so per-key budgets never meet. */
async function licenseWithBuyer(maxMachines: number): Promise<{ key: string; buyer: Person }> {
  const buyer = await newPerson(api, `toolbuyer${++buyers}`, BLOCK);
  const product = products.find((p) => p.plans.some((plan) => plan.max_machines === maxMachines))!;
  const plan = product.plans.find((candidate) => candidate.max_machines === maxMachines)!;
  const order = (await buy(api, buyer, { product: product.slug, plan: plan.id })).body.result as CreatedOrder;
  return {
    key: (await api.call('PUT', `/shop/admin/confirm/${order.order_no}`, { headers: owner.auth })).body.result
      .license_key,
    buyer,
  };
}
const licenseFor = async (maxMachines: number): Promise<string> => (await licenseWithBuyer(maxMachines)).key;

const call = (route: 'activate' | 'validate' | 'deactivate', body: unknown, ip = freshIp(BLOCK)) =>
  api.call('POST', `/license/${route}`, { body, ip });

describe('activate', () => {
  it('binds machines up to the plan’s limit, treats the same machine again as a no-op, and refuses one more with MACHINE_LIMIT', async () => {
    const key = await licenseFor(2);
    const first = await call('activate', { key, fingerprint: 'machine-one', name: '办公室' });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ valid: true, machines_used: 1, max_machines: 2 });
    const again = await call('activate', { key, fingerprint: 'machine-one', name: '办公室' });
    expect(again.body.result).toMatchObject({ machine_id: first.body.result.machine_id, machines_used: 1 });
    expect((await call('activate', { key, fingerprint: 'machine-two' })).body.result.machines_used).toBe(2);
    const third = await call('activate', { key, fingerprint: 'machine-three' });
    expect(third.status).toBe(409);
    expect(third.body.result.code).toBe('MACHINE_LIMIT');
    expect(third.body.message).toContain('上限');
    const [{ n }] = await api.sql(
      'SELECT count(*) AS n FROM license_machines m JOIN licenses l ON l.id = m.license_id WHERE l.key_hash = ?',
      [hashLicenseKey(key)],
    );
    expect(n).toBe(2);
  });

  it('enforces the limit when many machines activate at once', async () => {
    const key = await licenseFor(1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('activate', { key, fingerprint: `racer-${i}` })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(7);
  });

  it('gives a machine file that verifies offline with the public key, for this machine only', async () => {
    const key = await licenseFor(1);
    const res = await call('activate', { key, fingerprint: 'offline-pc' });
    const file = verifyMachineFile(publicKey, res.body.result.machine_file);
    expect(file).toMatchObject({ fingerprint: 'offline-pc', key_hash: hashLicenseKey(key) });
    expect(Date.parse(file!.expires_at!)).toBeGreaterThan(Date.now());
    expect(
      verifyMachineFile(
        publicKey,
        res.body.result.machine_file.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBeNull();
  });

  it('frees a seat on deactivate, so another machine can take it', async () => {
    const key = await licenseFor(1);
    expect((await call('activate', { key, fingerprint: 'old-pc' })).status).toBe(200);
    expect((await call('activate', { key, fingerprint: 'new-pc' })).status).toBe(409);
    const freed = await call('deactivate', { key, fingerprint: 'old-pc' });
    expect(freed.body.result).toEqual({ machines_used: 0 });
    expect((await call('deactivate', { key, fingerprint: 'old-pc' })).body.result).toEqual({ machines_used: 0 });
    expect((await call('activate', { key, fingerprint: 'new-pc' })).body.result.machines_used).toBe(1);
    expect((await call('validate', { key, fingerprint: 'old-pc' })).body.result.code).toBe('NOT_ACTIVATED');
  });

  it('frees machines at most 3 times in 30 days per key, from the API and the user centre alike', async () => {
    const { key, buyer } = await licenseWithBuyer(1);
    for (let i = 1; i <= 2; i++) {
      expect((await call('activate', { key, fingerprint: `pc-${i}` })).status).toBe(200);
      expect((await call('deactivate', { key, fingerprint: `pc-${i}` })).status).toBe(200);
    }
    // The third from the user centre's button: the same budget.
    expect((await call('activate', { key, fingerprint: 'pc-3' })).status).toBe(200);
    const machineId = async () =>
      Number(
        (
          await api.sql(
            'SELECT m.id FROM license_machines m JOIN licenses l ON l.id = m.license_id WHERE l.key_hash = ?',
            [hashLicenseKey(key)],
          )
        )[0].id,
      );
    expect(
      (await api.call('PUT', `/shop/machine/deactivate/${await machineId()}`, { headers: buyer.auth })).status,
    ).toBe(200);

    expect((await call('activate', { key, fingerprint: 'pc-4' })).status).toBe(200);
    const refused = await call('deactivate', { key, fingerprint: 'pc-4' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^这个授权码 30 天内最多停用 3 次机器，请 (29|30) 天后再试$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(29 * 86_400);
    expect(
      (await api.call('PUT', `/shop/machine/deactivate/${await machineId()}`, { headers: buyer.auth })).status,
    ).toBe(429);
    // Still bound: the refusals changed nothing.
    expect((await call('validate', { key, fingerprint: 'pc-4' })).body.result.valid).toBe(true);
    // A machine that is not bound costs nothing.
    expect((await call('deactivate', { key, fingerprint: 'never-bound' })).status).toBe(200);
  });

  it('refuses an expired key with EXPIRED', async () => {
    const key = await licenseFor(1);
    await api.sql("UPDATE licenses SET expires_at = '2020-01-01T00:00:00.000Z' WHERE key_hash = ?", [
      hashLicenseKey(key),
    ]);
    const res = await call('activate', { key, fingerprint: 'late-pc' });
    expect(res.status).toBe(403);
    expect(res.body.result.code).toBe('EXPIRED');
    expect((await call('validate', { key, fingerprint: 'late-pc' })).body.result).toMatchObject({
      valid: false,
      code: 'EXPIRED',
      expires_at: '2020-01-01T00:00:00.000Z',
    });
  });

  it('refuses keys that are not ours with INVALID: junk, a tampered payload, a machine file posing as a key', async () => {
    const key = await licenseFor(1);
    const [head, payload, signature] = key.split('.');
    const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    tampered.max_machines = 99;
    const machineFile = (await call('activate', { key, fingerprint: 'real-pc' })).body.result.machine_file;
    for (const bad of [
      'LIC1.abc.def',
      `${head}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${signature}`,
      machineFile,
      'hello',
    ]) {
      const res = await call('activate', { key: bad, fingerprint: 'pc' });
      expect(res.status).toBe(400);
      expect(res.body.result.code).toBe('INVALID');
      expect((await call('validate', { key: bad, fingerprint: 'pc' })).body.result).toEqual({
        valid: false,
        code: 'INVALID',
        expires_at: null,
      });
    }
    // Spaces around a pasted key are forgiven.
    expect((await call('validate', { key: `  ${key}\n`, fingerprint: 'real-pc' })).body.result.code).toBe('VALID');
  });

  it('checks its input and says what is wrong in Chinese', async () => {
    const key = await licenseFor(1);
    const cases: [unknown, string][] = [
      [{ fingerprint: 'pc' }, 'key'],
      [{ key }, 'fingerprint'],
      [{ key, fingerprint: 'x'.repeat(FINGERPRINT_MAX_LENGTH + 1) }, 'fingerprint'],
      [{ key, fingerprint: '机器' }, 'fingerprint'],
      [{ key, fingerprint: 'pc', name: '名'.repeat(MACHINE_NAME_MAX_CHARS + 1) }, 'name'],
      [{ key, fingerprint: 'pc', name: 'a\u0007b' }, 'name'],
      [{ key: 5, fingerprint: 'pc' }, 'key'],
    ];
    for (const [body, field] of cases) {
      const res = await call('activate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result.fields).toContain(field);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      await api.sql('SELECT * FROM license_machines m JOIN licenses l ON l.id = m.license_id WHERE l.key_hash = ?', [
        hashLicenseKey(key),
      ]),
    ).toHaveLength(0);
  });
});

describe('limits', () => {
  it(`allows ${LICENSE_CALLS_PER_MINUTE_PER_KEY} calls a minute per key, from any address`, async () => {
    const key = await licenseFor(1);
    const answers = [];
    for (let i = 0; i <= LICENSE_CALLS_PER_MINUTE_PER_KEY; i++)
      answers.push(await call('validate', { key, fingerprint: 'pc' }));
    expect(answers.slice(0, -1).every((res) => res.status === 200)).toBe(true);
    const over = answers.at(-1)!;
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('授权码');
    // Another key from the same kind of addresses is not affected.
    const other = await licenseFor(1);
    expect((await call('validate', { key: other, fingerprint: 'pc' })).status).toBe(200);
  });

  it(`allows ${LICENSE_CALLS_PER_MINUTE_PER_IP} calls a minute per address, whatever the keys`, async () => {
    const ip = freshIp(BLOCK);
    const answers = [];
    for (let i = 0; i <= LICENSE_CALLS_PER_MINUTE_PER_IP; i++)
      answers.push(await call('validate', { key: `LIC1.junk${i}.x`, fingerprint: 'pc' }, ip));
    expect(answers.slice(0, -1).every((res) => res.status === 200)).toBe(true);
    expect(answers.at(-1)!.status).toBe(429);
    expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
