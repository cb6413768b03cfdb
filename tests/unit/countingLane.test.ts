import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import * as PATHS from '../../src/contract/paths';
import { fillPath } from '../../src/lib/shared/paths';
import { COUNTING_BEACONS, countingLane, createLane, type Lane } from '../../src/server/http/countingLane';

/** One turn of the event loop: immediates queued before this one have run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the counting lane', () => {
  it('holds the beacons that only count: views, the site view and reading time, not the article detail that also counts', () => {
    expect(COUNTING_BEACONS.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [`PUT ${PATHS.ARTICLE_ADD_READING}`, `PUT ${PATHS.ARTICLE_VIEW}`, `PUT ${PATHS.SITE_ADD_VIEW}`].sort(),
    );
  });

  it('runs a beacon at once when nothing else is in flight', () => {
    const lane = createLane();
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) lane.park(() => ran.push(i));
    expect(ran).toEqual([0, 1, 2]);
  });

  it('lets one beacon through per turn while another request is in flight, in the order they came, and the rest once it ends', async () => {
    const lane = createLane();
    const page = lane.started();
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) lane.park(() => ran.push(i));
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
    for (let i = 0; i < 4; i++) lane.park(() => ran.push(i));
    first.ended();
    first.ended();
    await turn();
    expect(ran).toEqual([0]);
    second.ended();
    await turn();
    expect(ran).toEqual([0, 1, 2, 3]);
  });
});

describe('the counting lane in an app', () => {
  it('parks a view until its turn and counts the other requests as in flight until they are answered, the view not among them', async () => {
    const lane = createLane();
    const seen: string[] = [];
    const watched: Lane = {
      park: (go) => {
        seen.push('parked');
        lane.park(go);
      },
      started: () => {
        seen.push('started');
        const { ended } = lane.started();
        return { ended: () => (seen.push('ended'), ended()) };
      },
    };
    const app = express()
      .use(countingLane(watched))
      .put(PATHS.ARTICLE_VIEW, (_req, res) => void (seen.push('view answered'), res.json({ counted: true })))
      .get('/home', (_req, res) => void res.send('page'))
      .put(PATHS.ARTICLE_LIKE, (_req, res) => void res.json({ liked: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(origin + fillPath(PATHS.ARTICLE_VIEW, { id: 7 }), { method: 'PUT' })).json()).toEqual({ counted: true });
      expect(seen).toEqual(['parked', 'view answered']);
      seen.length = 0;
      expect(await (await fetch(`${origin}/home`)).text()).toBe('page');
      // A PUT that is not a beacon goes through at once, as a request in flight.
      expect(await (await fetch(origin + fillPath(PATHS.ARTICLE_LIKE, { id: 7 }), { method: 'PUT' })).json()).toEqual({ liked: true });
      expect(seen).toEqual(['started', 'ended', 'started', 'ended']);
    } finally {
      server.close();
    }
  });
});
