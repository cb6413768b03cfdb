import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_ADD_READING,
  ARTICLE_LIKE,
  ARTICLE_VIEW,
  SITE_ADD_VIEW,
  splitRoute,
  type Route,
} from '../../src/contract/routes';
import { fillPath } from '../../src/lib/shared/paths';
import { BUDGETS } from '../../src/contract/budgets';
import { quotaFor, spend } from '../../src/server/api/middleware';
import { createLocalCount } from '../../src/server/budgets/localCount';
import {
  COUNTING_BEACONS,
  countingLane,
  createLane,
  YIELD_FOR_MS,
  type Lane,
} from '../../src/server/http/countingLane';

/** One turn of the event loop: immediates queued before this one have run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** For lanes that must never be full. */
const NEVER_FULL = () => {
  throw new Error('lane full');
};

const pathOf = (route: Route) => splitRoute(route).path;

describe('the counting lane', () => {
  it('holds the beacons that only count: views, the site view and reading time, not the article detail that also counts', () => {
    expect(COUNTING_BEACONS.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [ARTICLE_ADD_READING, ARTICLE_VIEW, SITE_ADD_VIEW].sort(),
    );
  });

  it('runs a beacon at once when nothing else is in flight', () => {
    const lane = createLane();
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) lane.park(() => ran.push(i), NEVER_FULL);
    expect(ran).toEqual([0, 1, 2]);
  });

  it('lets one beacon through per turn while another request is in flight, in the order they came, and the rest once it ends', async () => {
    const lane = createLane();
    const page = lane.started();
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) lane.park(() => ran.push(i), NEVER_FULL);
    await turn();
    expect(ran).toEqual([0]);
    await turn();
    expect(ran).toEqual([0, 1]);
    page.ended();
    // Ending twice (a response closes once, but a caller may repeat) must not let the lane think fewer are in flight.
    page.ended();
    await turn();
    expect(ran).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps yielding while any of several requests is in flight', async () => {
    const lane = createLane();
    const [first, second] = [lane.started(), lane.started()];
    const ran: number[] = [];
    for (let i = 0; i < 4; i++) lane.park(() => ran.push(i), NEVER_FULL);
    first.ended();
    first.ended();
    await turn();
    expect(ran).toEqual([0]);
    second.ended();
    await turn();
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it(`stops giving way to a request open longer than ${YIELD_FOR_MS} ms (a download, a stream), and its end later changes nothing`, async () => {
    let clock = 0;
    const lane = createLane(() => clock);
    const download = lane.started();
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) lane.park(() => ran.push(i), NEVER_FULL);
    await turn();
    expect(ran).toEqual([0]);
    clock += YIELD_FOR_MS + 500;
    await turn();
    expect(ran).toEqual([0, 1, 2]);
    lane.park(() => ran.push(3), NEVER_FULL);
    expect(ran).toEqual([0, 1, 2, 3]);

    const page = lane.started();
    download.ended();
    for (let i = 4; i < 6; i++) lane.park(() => ran.push(i), NEVER_FULL);
    await turn();
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    page.ended();
    await turn();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('answers a beacon at once, as full, once the most that may wait are waiting, and takes beacons again as they leave', async () => {
    const lane = createLane(undefined, 2);
    const page = lane.started();
    const ran: string[] = [];
    for (let i = 0; i < 4; i++)
      lane.park(
        () => ran.push(`went ${i}`),
        () => ran.push(`full ${i}`),
      );
    expect(ran).toEqual(['full 2', 'full 3']);
    await turn();
    lane.park(
      () => ran.push('went 4'),
      () => ran.push('full 4'),
    );
    page.ended();
    await turn();
    expect(ran).toEqual(['full 2', 'full 3', 'went 0', 'went 1', 'went 4']);
  });
});

describe('the counting lane in an app', () => {
  const view = fillPath(pathOf(ARTICLE_VIEW), { id: 7 });

  /** A lane that says what happened: whether a beacon went at once or had to wait, and when other requests began and ended. */
  function watchedLane(seen: string[], lane = createLane()): Lane {
    return {
      park: (go, full) => {
        let wentAtOnce = false;
        lane.park(() => ((wentAtOnce = true), go()), full);
        if (!wentAtOnce) seen.push('view waits');
      },
      started: () => {
        seen.push('started');
        const { ended } = lane.started();
        return { ended: () => (seen.push('ended'), ended()) };
      },
    };
  }

  async function serve(app: express.Express) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('lets a view straight through when nothing else is served, and counts other requests as served until they are answered', async () => {
    const seen: string[] = [];
    const app = express()
      .use(countingLane(watchedLane(seen)))
      .put(pathOf(ARTICLE_VIEW), (_req, res) => void (seen.push('view answered'), res.json({ counted: true })))
      .get('/home', (_req, res) => void res.send('page'))
      .put(pathOf(ARTICLE_LIKE), (_req, res) => void res.json({ liked: true }));
    const { origin, server } = await serve(app);
    try {
      expect(await (await fetch(origin + view, { method: 'PUT' })).json()).toEqual({ counted: true });
      expect(seen).toEqual(['view answered']);
      seen.length = 0;
      expect(await (await fetch(`${origin}/home`)).text()).toBe('page');
      // A PUT that is not a beacon goes through at once, as a request being served.
      expect(await (await fetch(origin + fillPath(pathOf(ARTICLE_LIKE), { id: 7 }), { method: 'PUT' })).json()).toEqual(
        { liked: true },
      );
      expect(seen).toEqual(['started', 'ended', 'started', 'ended']);
    } finally {
      server.close();
    }
  });

  it('makes a view wait while a page is being served, and answers it on a later turn without waiting for the page', async () => {
    const seen: string[] = [];
    let pageArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (pageArrived = resolve));
    let finishPage!: () => void;
    const app = express()
      .use(countingLane(watchedLane(seen)))
      .put(pathOf(ARTICLE_VIEW), (_req, res) => void (seen.push('view answered'), res.json({ counted: true })))
      .get('/home', (_req, res) => {
        finishPage = () => res.send('page');
        pageArrived();
      });
    const { origin, server } = await serve(app);
    try {
      const page = fetch(`${origin}/home`);
      await arrived;
      expect(await (await fetch(origin + view, { method: 'PUT' })).json()).toEqual({ counted: true });
      expect(seen).toEqual(['started', 'view waits', 'view answered']);
      finishPage();
      expect(await (await page).text()).toBe('page');
    } finally {
      server.close();
    }
  });

  it('drops a view whose reader left while it waited: nothing answers it, so nothing counts it', async () => {
    const seen: string[] = [];
    const waiting: (() => void)[] = [];
    const app = express()
      .use(countingLane({ park: (go) => void waiting.push(go), started: () => ({ ended: () => {} }) }))
      .put(pathOf(ARTICLE_VIEW), (_req, res) => void (seen.push('view answered'), res.json({ counted: true })));
    const { origin, server } = await serve(app);
    const socketClosed = new Promise((resolve) => server.once('connection', (socket) => socket.once('close', resolve)));
    try {
      const leaving = new AbortController();
      const answer = fetch(origin + view, { method: 'PUT', signal: leaving.signal }).catch(
        (error: Error) => error.name,
      );
      while (waiting.length === 0) await turn();
      leaving.abort();
      expect(await answer).toBe('AbortError');
      await socketClosed;
      waiting[0]();
      await turn();
      expect(seen).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("answers a beacon from an address past its budget at once, whatever waits, as the budget's uncounted excess", async () => {
    const max = BUDGETS.articleView.max;
    const waiting: (() => void)[] = [];
    // A lane where everything would wait: only a beacon known to be over the budget gets through.
    const app = express()
      .use(
        countingLane({ park: (go) => void waiting.push(go), started: () => ({ ended: () => {} }) }, createLocalCount()),
      )
      .put(
        pathOf(ARTICLE_VIEW),
        spend(BUDGETS.articleView),
        (_req, res) => void res.json({ spent: quotaFor(res).spent ?? false }),
      );
    const { origin, server } = await serve(app);
    try {
      const put = () => fetch(origin + view, { method: 'PUT' }).then((res) => res.json());
      const answers = Array.from({ length: max }, put);
      while (waiting.length < max) await turn();
      expect(await put()).toEqual({ spent: true });
      for (const go of waiting) go();
      expect(await Promise.all(answers.slice(0, max))).toEqual(Array.from({ length: max }, () => ({ spent: false })));
    } finally {
      server.close();
    }
  });
});

describe("this process's own count of a budget", () => {
  it('counts each holder in a window that opens with its first call, as the budgets table does', () => {
    let clock = 0;
    const counts = createLocalCount(() => clock);
    expect([1, 2, 3].map(() => counts.hit('a', 2, 1000))).toEqual([true, true, false]);
    expect(counts.hit('b', 2, 1000)).toBe(true);
    clock = 999;
    expect(counts.hit('a', 2, 1000)).toBe(false);
    clock = 1000;
    expect(counts.hit('a', 2, 1000)).toBe(true);
  });

  it('holds at most so many holders, forgetting the windows opened longest ago', () => {
    let clock = 0;
    const counts = createLocalCount(() => clock, 3);
    counts.hit('old', 1, 100);
    clock = 50;
    counts.hit('a', 1, 1000);
    counts.hit('b', 1, 1000);
    clock = 150;
    counts.hit('c', 1, 1000);
    expect(counts.size).toBe(3);
    // 'old' went first; now 'a' is the oldest.
    counts.hit('d', 1, 1000);
    expect(counts.size).toBe(3);
    expect(counts.hit('b', 1, 1000)).toBe(false);
    expect(counts.hit('a', 1, 1000)).toBe(true);
  });

  it('takes back a call that never reached the database', () => {
    const counts = createLocalCount(() => 0);
    counts.hit('a', 1, 1000);
    counts.takeBack('a');
    expect(counts.hit('a', 1, 1000)).toBe(true);
    expect(counts.hit('a', 1, 1000)).toBe(false);
  });
});
