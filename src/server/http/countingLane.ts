/**
 * Counting beacons (an article view, the site's view, reading time) wait behind everything else.
 * A reader waits for a page and its files; nobody waits for a count, which the browser sends once
 * the page is shown. On one event loop, a burst of views beside a burst of pages would share it
 * evenly and double each page's wait. So a beacon that finds other requests in flight is parked as
 * soon as it is routed, and one parked beacon is let through per turn of the event loop: a busy
 * loop's turns are long, so counting yields to pages, and an idle loop's turns are short, so it
 * hardly waits. With nothing else in flight, a beacon goes at once and the parked ones go through
 * together, their writes sharing one commit as before.
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ENDPOINTS, type HttpMethod } from '../../contract/endpoints.ts';

/** The endpoints that only count: every budget they spend lets its excess go uncounted. */
export const COUNTING_BEACONS = ENDPOINTS.filter((one) => one.budgets.length > 0 && one.budgets.every((budget) => budget.excess === 'uncounted'));

export interface Lane {
  /** Runs `go` at once when nothing else is in flight, else on a later turn of the event loop, after the requests in flight have had theirs. */
  park(go: () => void): void;
  /** A request that is not a beacon began; `ended` is called once when its answer is done or abandoned. */
  started(): { ended: () => void };
}

export function createLane(): Lane {
  const parked: (() => void)[] = [];
  let othersInFlight = 0;
  let turnScheduled = false;

  const nextTurn = () => {
    if (turnScheduled || parked.length === 0) return;
    turnScheduled = true;
    setImmediate(letThrough);
  };
  function letThrough() {
    turnScheduled = false;
    for (const go of parked.splice(0, othersInFlight > 0 ? 1 : parked.length)) go();
    nextTurn();
  }
  return {
    park(go) {
      // Nothing to yield to: the beacon goes now, as if there were no lane.
      if (othersInFlight === 0 && parked.length === 0) return go();
      parked.push(go);
      nextTurn();
    },
    started() {
      othersInFlight++;
      let done = false;
      return {
        ended() {
          if (done) return;
          done = true;
          othersInFlight--;
          nextTurn();
        },
      };
    },
  };
}

const METHOD = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const satisfies Record<HttpMethod, string>;

/** The lane as middleware, early in the app: a beacon parks before it costs anything more than routing. */
export function countingLane(lane = createLane()): RequestHandler {
  const beacons = Router();
  const beaconMethods = new Set<string>(COUNTING_BEACONS.map(({ method }) => method));
  const parkedRequests = new WeakSet<Request>();
  for (const { method, path } of COUNTING_BEACONS) {
    beacons[METHOD[method]](path, (req: Request, _res: Response, next: NextFunction) => {
      parkedRequests.add(req);
      lane.park(() => next());
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
