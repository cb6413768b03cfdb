/**
 * Licenses (docs/api.md §10.3): minted when an order is fulfilled, activated by the desktop tools
 * on a limited number of machines, revoked by a refund. A key is checked by its signature first,
 * so junk never costs a database lookup.
 */
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { MACHINE_FILE_DAYS } from '../../contract/limits.ts';
import type {
  Activation,
  Deactivation,
  LicenseCode,
  LicenseState,
  MachineItem,
  Validation,
} from '../../contract/shop.ts';
import { formatDateTime } from '../../lib/shared/time.ts';
import type { Db, Tx } from '../db/client.ts';
import { licenseDeactivations, licenseMachines, licenses } from '../db/schema.ts';
import { RetryLater, waitInWords } from '../shared/errors.ts';
import {
  hashLicenseKey,
  mintLicenseKey,
  signMachineFile,
  verifyLicenseKey,
  type LicensePayload,
  type SigningKeys,
} from './keys.ts';

export type LicenseRow = typeof licenses.$inferSelect;

const DAY_MS = 86_400_000;

/** A license refused with the code the desktop tool reads. */
export class LicenseRefused extends Error {
  readonly code: Exclude<LicenseCode, 'VALID'>;
  constructor(code: Exclude<LicenseCode, 'VALID'>, message: string) {
    super(message);
    this.name = 'LicenseRefused';
    this.code = code;
  }
}

const REFUSALS = {
  INVALID: '授权码无效，请检查是否完整复制',
  EXPIRED: '授权码已过期',
  REVOKED: '授权码已被吊销（订单已退款）',
  NOT_ACTIVATED: '这台机器还没有激活这个授权码',
  MACHINE_LIMIT: '已激活的机器数量达到套餐上限，请先在其他机器上停用',
} as const;

export const refuse = (code: keyof typeof REFUSALS) => new LicenseRefused(code, REFUSALS[code]);

/** What a fulfilled order's license says. */
export interface LicenseTerms {
  orderId: number;
  orderNo: string;
  userId: number;
  product: string;
  plan: string;
  days: number | null;
  maxMachines: number;
}

export const licenseState = (row: Pick<LicenseRow, 'revokedAt' | 'expiresAt'>, now = new Date()): LicenseState =>
  row.revokedAt ? 'revoked' : row.expiresAt !== null && Date.parse(row.expiresAt) <= +now ? 'expired' : 'active';

const payloadOf = (row: LicenseRow, orderNo: string): LicensePayload => ({
  v: 1,
  product: row.product,
  plan: row.plan,
  order: orderNo,
  expires_at: row.expiresAt,
  max_machines: row.maxMachines,
  issued_at: row.issuedAt,
});

const machineItem = (row: typeof licenseMachines.$inferSelect): MachineItem => ({
  id: row.id,
  fingerprint: row.fingerprint,
  name: row.name,
  activatedAt: formatDateTime(row.activatedAt),
  lastSeenAt: formatDateTime(row.lastSeenAt),
});

/** How often a key may free one of its machines (`LICENSE_DEACTIVATIONS`, in `LICENSE_DEACTIVATION_DAYS` days). */
export interface DeactivationLimit {
  times: number;
  days: number;
}

export const DEFAULT_DEACTIVATION_LIMIT: DeactivationLimit = { times: 3, days: 30 };

export function createLicenseService(db: Db, keys: SigningKeys, limit = DEFAULT_DEACTIVATION_LIMIT) {
  /**
   * Frees the machine `which` names, if bound, and records it. Past the limit it refuses: a
   * one-machine key freed and bound again without end would hand out offline machine files to
   * any number of machines.
   */
  async function freeMachine(tx: Tx, licenseId: number, which: SQL, now: Date): Promise<void> {
    const [bound] = await tx
      .select({ id: licenseMachines.id })
      .from(licenseMachines)
      .where(and(eq(licenseMachines.licenseId, licenseId), which))
      .limit(1);
    if (!bound) return;
    const windowStart = new Date(+now - limit.days * DAY_MS);
    const recent = await tx
      .select({ at: licenseDeactivations.at })
      .from(licenseDeactivations)
      .where(and(eq(licenseDeactivations.licenseId, licenseId), gt(licenseDeactivations.at, windowStart)))
      .orderBy(asc(licenseDeactivations.at));
    if (recent.length >= limit.times) {
      const retryAfterMs = +recent[recent.length - limit.times].at + limit.days * DAY_MS - +now;
      throw new RetryLater(
        `这个授权码 ${limit.days} 天内最多停用 ${limit.times} 次机器，请 ${waitInWords(retryAfterMs)}后再试`,
        retryAfterMs,
      );
    }
    await tx.delete(licenseMachines).where(eq(licenseMachines.id, bound.id));
    await tx.insert(licenseDeactivations).values({ licenseId, at: now });
  }

  /** The license behind a key, or the reason it cannot be used at all. */
  async function open(key: string): Promise<LicenseRow> {
    if (!verifyLicenseKey(keys.publicKey, key)) throw refuse('INVALID');
    const [row] = await db
      .select()
      .from(licenses)
      .where(eq(licenses.keyHash, hashLicenseKey(key)))
      .limit(1);
    // Signed by us but unknown: a key from a database that was lost or restored from an older backup.
    if (!row) throw refuse('INVALID');
    return row;
  }

  function usable(row: LicenseRow, now: Date): void {
    const state = licenseState(row, now);
    if (state === 'revoked') throw refuse('REVOKED');
    if (state === 'expired') throw refuse('EXPIRED');
  }

  /** Lets a tool run offline for a while, never past the license's own end. */
  function machineFile(row: LicenseRow, fingerprint: string, now: Date): string {
    const grace = new Date(+now + MACHINE_FILE_DAYS * DAY_MS).toISOString();
    const expires = row.expiresAt !== null && row.expiresAt < grace ? row.expiresAt : grace;
    return signMachineFile(keys, {
      key_hash: row.keyHash,
      fingerprint,
      product: row.product,
      expires_at: expires,
      issued_at: now.toISOString(),
    });
  }

  const usedBy = async (executor: Db | Tx, licenseId: number) =>
    (await executor.select({ n: count() }).from(licenseMachines).where(eq(licenseMachines.licenseId, licenseId)))[0].n;

  return {
    /** Mints the order's license inside the fulfilment's transaction; answers the key. */
    async mint(tx: Tx, terms: LicenseTerms, now: Date): Promise<string> {
      const payload: LicensePayload = {
        v: 1,
        product: terms.product,
        plan: terms.plan,
        order: terms.orderNo,
        expires_at: terms.days === null ? null : new Date(+now + terms.days * DAY_MS).toISOString(),
        max_machines: terms.maxMachines,
        issued_at: now.toISOString(),
      };
      const key = mintLicenseKey(keys, payload);
      await tx.insert(licenses).values({
        orderId: terms.orderId,
        userId: terms.userId,
        keyHash: hashLicenseKey(key),
        product: payload.product,
        plan: payload.plan,
        maxMachines: payload.max_machines,
        issuedAt: payload.issued_at,
        expiresAt: payload.expires_at,
      });
      return key;
    },

    /** The key of a license, signed again from its stored terms; null if the signing keys changed since. */
    keyOf(row: LicenseRow, orderNo: string): string | null {
      const key = mintLicenseKey(keys, payloadOf(row, orderNo));
      return hashLicenseKey(key) === row.keyHash ? key : null;
    },

    async revoke(tx: Tx, orderId: number, now: Date): Promise<void> {
      await tx.update(licenses).set({ revokedAt: now }).where(eq(licenses.orderId, orderId));
    },

    async ofOrders(orderIds: number[]): Promise<Map<number, LicenseRow>> {
      if (!orderIds.length) return new Map();
      const rows = await db.select().from(licenses).where(inArray(licenses.orderId, orderIds));
      return new Map(rows.map((row) => [row.orderId, row]));
    },

    async machinesOf(licenseIds: number[]): Promise<Map<number, MachineItem[]>> {
      const found = new Map<number, MachineItem[]>(licenseIds.map((id) => [id, []]));
      if (!licenseIds.length) return found;
      const rows = await db
        .select()
        .from(licenseMachines)
        .where(inArray(licenseMachines.licenseId, licenseIds))
        .orderBy(asc(licenseMachines.id));
      for (const row of rows) found.get(row.licenseId)!.push(machineItem(row));
      return found;
    },

    /** A buyer frees one of their machines from the user centre; null when it is not theirs. */
    async releaseMachine(userId: number, machineId: number, now = new Date()): Promise<LicenseRow | null> {
      const [found] = await db
        .select({ license: licenses })
        .from(licenseMachines)
        .innerJoin(licenses, eq(licenses.id, licenseMachines.licenseId))
        .where(and(eq(licenseMachines.id, machineId), eq(licenses.userId, userId)))
        .limit(1);
      if (!found) return null;
      await db.transaction((tx) => freeMachine(tx, found.license.id, eq(licenseMachines.id, machineId), now));
      return found.license;
    },

    /**
     * Binds the key to a machine. The same fingerprint again changes nothing; a new one must fit
     * under the plan's limit, counted inside the write transaction so concurrent calls cannot overshoot.
     */
    async activate(key: string, fingerprint: string, name: string, now = new Date()): Promise<Activation> {
      const row = await open(key);
      usable(row, now);
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(licenseMachines)
          .where(and(eq(licenseMachines.licenseId, row.id), eq(licenseMachines.fingerprint, fingerprint)))
          .limit(1);
        let machineId = existing?.id;
        if (existing) {
          await tx.update(licenseMachines).set({ lastSeenAt: now }).where(eq(licenseMachines.id, existing.id));
        } else {
          // Read again in the transaction: a refund may have landed since `open`.
          const [current] = await tx.select().from(licenses).where(eq(licenses.id, row.id)).limit(1);
          usable(current, now);
          if ((await usedBy(tx, row.id)) >= row.maxMachines) throw refuse('MACHINE_LIMIT');
          const [inserted] = await tx
            .insert(licenseMachines)
            .values({ licenseId: row.id, fingerprint, name, activatedAt: now, lastSeenAt: now })
            .returning({ id: licenseMachines.id });
          machineId = inserted.id;
        }
        return {
          valid: true,
          machine_id: machineId!,
          machines_used: await usedBy(tx, row.id),
          max_machines: row.maxMachines,
          expires_at: row.expiresAt,
          machine_file: machineFile(row, fingerprint, now),
        };
      });
    },

    /** Always answers; `valid` only for a usable key activated on this machine, with a fresh machine file. */
    async validate(key: string, fingerprint: string, now = new Date()): Promise<Validation> {
      let row: LicenseRow;
      try {
        row = await open(key);
      } catch (error) {
        if (!(error instanceof LicenseRefused)) throw error;
        return { valid: false, code: 'INVALID', expires_at: null };
      }
      const state = licenseState(row, now);
      if (state !== 'active')
        return { valid: false, code: state === 'revoked' ? 'REVOKED' : 'EXPIRED', expires_at: row.expiresAt };
      const seen = await db
        .update(licenseMachines)
        .set({ lastSeenAt: now })
        .where(and(eq(licenseMachines.licenseId, row.id), eq(licenseMachines.fingerprint, fingerprint)))
        .returning({ id: licenseMachines.id });
      if (!seen.length) return { valid: false, code: 'NOT_ACTIVATED', expires_at: row.expiresAt };
      return {
        valid: true,
        code: 'VALID',
        expires_at: row.expiresAt,
        machine_file: machineFile(row, fingerprint, now),
      };
    },

    /** Frees this machine's seat, within the limit. Allowed for expired and revoked keys too; a machine not bound is no error. */
    async deactivate(key: string, fingerprint: string, now = new Date()): Promise<Deactivation> {
      const row = await open(key);
      await db.transaction((tx) => freeMachine(tx, row.id, eq(licenseMachines.fingerprint, fingerprint), now));
      return { machines_used: await usedBy(db, row.id) };
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
