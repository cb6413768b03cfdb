/** Load phases for the benchmarks: autocannon runs whose every request may come from its own address. */
import autocannon from 'autocannon';

export interface Phase {
  name: string;
  path: string;
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
  /** Each request from its own address (sent as X-Forwarded-For to a server that trusts loopback). */
  ownAddress?: boolean;
}

export interface PhaseResult {
  name: string;
  ok: number;
  okPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors and timeouts. */
  failed: number;
}

let addressCounter = 0;
/** A new address from 10.0.0.0/8 for each call, so no per-address budget is shared between requests. */
export const nextAddress = () => {
  addressCounter = (addressCounter + 1) % 16_777_216;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/**
 * A run lasts `seconds`, or until `amount` requests are answered: a run cut off by time leaves requests
 * in flight that the server may still count, so a run whose count is checked is given an amount.
 */
export type Length = { seconds: number } | { amount: number };

/** `rate`: requests a second over all connections; as fast as answers come without it. */
export function runPhase(
  origin: string,
  phase: Phase,
  length: Length,
  connections: number,
  rate?: number,
): Promise<PhaseResult> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (phase.body) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin + phase.path,
        method: phase.method ?? 'GET',
        body: phase.body,
        headers,
        connections,
        ...('amount' in length ? { amount: length.amount } : { duration: length.seconds }),
        ...(rate ? { overallRate: rate } : {}),
        requests: phase.ownAddress
          ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'X-Forwarded-For': nextAddress() } }) }]
          : undefined,
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = result['2xx'];
        resolve({
          name: phase.name,
          ok,
          okPerSecond: ok / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors + result.timeouts,
        });
      },
    ),
  );
}

export const phaseRow = (r: PhaseResult) => ({
  阶段: r.name,
  '成功/秒': Math.round(r.okPerSecond),
  'p50 (ms)': r.p50,
  'p99 (ms)': r.p99,
  失败: r.failed,
});
