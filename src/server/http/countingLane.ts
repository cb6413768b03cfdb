/**
 * Counting beacons (an article view, the site's view, reading time) give way to other requests.
 * A reader waits for a page and its files; nobody waits for a count, which the browser sends once
 * the page is shown. On one event loop, a burst of views beside a burst of pages would share it
 * evenly and double each page's wait. So a beacon that finds other requests being served is
 * parked as soon as it is routed, and one parked beacon is let through per turn of the event loop:
 * a busy loop's turns are long, so counting yields to pages, and an idle loop's turns are short,
 * so it hardly waits. With no other request being served, a beacon goes at once, and the parked
 * ones go through together, their writes sharing one commit.
 *
 * A request open for longer than YIELD_FOR_MS is a download, an audio stream, an upload or a slow
 * client, not a page being served: counting stops giving way to it, or a site with one listener
 * would always be busy.
 *
 * Waiting costs memory, so it is bounded. A beacon from an address already past its budget in this
 * process's own count (budgets/localCount.ts), or one that finds MAX_PARKED waiting, is answered at
 * once and not counted, as the budget's excess always is: a script flooding the counters gets
 * answers as fast as it reads them, which is what slows it down (http/pipelining.ts).
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { METHODS } from '../api/endpoints.ts';
import { leaveUncounted, quotaKeyOf } from '../api/middleware.ts';
import { createLocalCount, type LocalCount } from '../budgets/localCount.ts';

/** The endpoints that only count: every budget they spend lets its excess go uncounted. */
export const COUNTING_BEACONS = ENDPOINTS.filter(
  (one) => one.budgets.length > 0 && one.budgets.every((budget) => budget.excess === 'uncounted'),
);

/** How long an open request holds counting back. */
export const YIELD_FOR_MS = 1000;
/** Beacons that may wait at once: a few for each of many readers' connections. */
export const MAX_PARKED = 256;
/** Requests are counted by when they began, in slices of this length, so ageing out costs nothing per request. */
const SLICE_MS = 250;

export interface Lane {
  /** Runs `go` now when no other request is being served, else on a later turn of the event loop; `full` instead when MAX_PARKED wait already. */
  park(go: () => void, full: () => void): void;
  /** A request that is not a beacon began; `ended` may be called more than once, when its answer is done or abandoned. */
  started(): { ended: () => void };
}

export function createLane(now: () => number = performance.now.bind(performance), maxParked = MAX_PARKED): Lane {
  const parked: (() => void)[] = [];
  /** Requests being served, by the slice they began in, oldest first (a Map keeps insertion order). */
  const openBySlice = new Map<number, number>();
  let turnScheduled = false;

  const othersBeingServed = () => {
    const oldest = Math.floor((now() - YIELD_FOR_MS) / SLICE_MS);
    for (const [slice, open] of openBySlice) {
      if (slice < oldest) openBySlice.delete(slice);
      else if (open > 0) return true;
    }
    return false;
  };
  const nextTurn = () => {
    if (turnScheduled || parked.length === 0) return;
    turnScheduled = true;
    setImmediate(letThrough);
  };
  function letThrough() {
    turnScheduled = false;
    for (const go of parked.splice(0, othersBeingServed() ? 1 : parked.length)) go();
    nextTurn();
  }
  return {
    park(go, full) {
      if (parked.length === 0 && !othersBeingServed()) return go();
      if (parked.length >= maxParked) return full();
      parked.push(go);
      nextTurn();
    },
    started() {
      const slice = Math.floor(now() / SLICE_MS);
      openBySlice.set(slice, (openBySlice.get(slice) ?? 0) + 1);
      let done = false;
      return {
        ended() {
          if (done) return;
          done = true;
          // A slice already aged out is gone, and so is its count.
          const open = openBySlice.get(slice);
          if (open !== undefined) openBySlice.set(slice, open - 1);
          nextTurn();
        },
      };
    },
  };
}

/** The lane as middleware, early in the app: a beacon parks before it costs anything more than routing. */
export function countingLane(lane = createLane(), counts: LocalCount = createLocalCount()): RequestHandler {
  const beacons = Router();
  const beaconMethods = new Set<string>(COUNTING_BEACONS.map(({ method }) => method));
  const parkedRequests = new WeakSet<Request>();
  for (const { method, path, budgets } of COUNTING_BEACONS) {
    beacons[METHODS[method]](path, (req: Request, res: Response, next: NextFunction) => {
      parkedRequests.add(req);
      const keys = budgets.map((budget) => quotaKeyOf(budget, req));
      const uncounted = () => {
        leaveUncounted(req);
        next();
      };
      // This count must never run ahead of the database's: a beacon that does not reach it is taken back.
      const notSent = () => keys.forEach(counts.takeBack);
      if (!budgets.map((budget, i) => counts.hit(keys[i], budget.max, budget.windowMs)).every(Boolean))
        return uncounted();
      lane.park(
        // A reader who left while it waited is not answered, so nothing is counted for them.
        () => (res.closed ? notSent() : next()),
        () => (notSent(), uncounted()),
      );
    });
  }
  return (req, res, next) => {
    const passOn = (error?: unknown) => {
      if (error) return next(error);
      if (!parkedRequests.has(req)) res.once('close', lane.started().ended);
      next();
    };
    if (beaconMethods.has(req.method)) beacons(req, res, passOn);
    else passOn();
  };
}
