import { toIsoTime } from '@pds/market';
import { eventually, isMsg, nextLog, PRICE, type RunningApp } from '@pds/testing';
import {
  startFaultStack,
  TIMINGS,
  type FaultStack,
  WS_CONNECTIONS_PER_OPERATION,
} from './support/fault-stack';
import type { HttpLoad } from './support/http-load';
import {
  gatewayUrl as gatewayUrlOf,
  LOAD_PATHS,
  loadTarget,
  startLoad,
  writesFlow as writesFlowOn,
} from './support/stack-load';
import { expectExchangeHistory } from './support/history-check';
import { MarketStore } from './support/market-store';
import { MINUTE, pause, SimClock } from './support/sim-clock';
import { isAtOrAfter, reconnectUntilAdmitted, streamUrl, type Watcher } from './support/ws-watchers';

/** How long Redis stays away; it spans a minute boundary, so a kline closes while it is gone. */
const REDIS_DOWN_MS = 3000;
/** How long Redis refuses writes (maxmemory reached); it too spans a minute boundary. */
const REDIS_FULL_MS = 3000;
/** A generous limit on the wait for a standby's writes after the leader's kill -9 (lease TTL 5 s). */
const TAKEOVER_WAIT_MS = 60_000;

jest.setTimeout(4 * MINUTE);

/**
 * The whole stack under load (HTTP loops and WebSocket clients on both gateways, a steady trade
 * rate on the exchange) while faults are injected one after another. Every answer must be 200 or
 * 503, each recovery must come within its stated time, and at the end Redis must hold exactly the
 * exchange's history and last trade.
 */
describe('fault suite: the stack under load through Redis, exchange, ingestor and gateway faults', () => {
  const clock = new SimClock(25_000);
  let stack: FaultStack;
  let store: MarketStore;
  let load: HttpLoad;
  let watchers: Watcher[][] = [];
  let redisDown = false;
  let gatewayKilledAt = Number.POSITIVE_INFINITY;
  let lastFaultAt = 0;

  const gatewayUrl = (index: number): string => gatewayUrlOf(stack, index);
  const target = loadTarget;

  /** Resolves once a trade booked from now on is the latest price in Redis: the market is written again. */
  const writesFlow = (what: string, timeoutMs?: number): Promise<void> =>
    writesFlowOn(stack, store, what, timeoutMs);

  async function leader(): Promise<{ id: string; app: RunningApp }> {
    const id = await eventually(async () => (await store.leaseOwner()) ?? undefined, 'a leader');
    const app = stack.ingestors.get(id);
    if (!app) throw new Error(`the lease is held by ${id}, which is not running`);
    return { id, app };
  }

  beforeAll(async () => {
    stack = await startFaultStack(clock.offsetMs);
    store = new MarketStore(stack.harness.redis, stack.harness.keys);
    ({ load, watchers } = await startLoad(stack, store));
  });

  afterAll(async () => {
    try {
      if (redisDown) await stack.redis.start();
      await Promise.all([stack.feed.stop(), load.stop()]);
      await Promise.all(watchers.flat().map(({ client }) => client.close().catch(() => undefined)));
    } finally {
      await stack.close();
    }
  });

  it('keeps answering 200 or 503 while Redis is killed and started again, and recovers by itself', async () => {
    const boundary = clock.nextBoundary(5000);
    await clock.until(boundary - REDIS_DOWN_MS / 2);
    const stoppedAt = Date.now();
    redisDown = true;
    await stack.redis.stop();
    await pause(REDIS_DOWN_MS);
    await stack.redis.start();
    redisDown = false;
    const startedAt = Date.now();

    const loops = stack.gateways.flatMap((_, index) =>
      LOAD_PATHS.map((path) => ({ target: target(index), path })),
    );
    expect(load.unansweredDuring(loops, { from: stoppedAt, to: startedAt, status: 503 })).toEqual([]);
    for (const [index] of stack.gateways.entries()) {
      for (const path of LOAD_PATHS) {
        await eventually(
          async () =>
            Promise.resolve(
              load
                .startedBetween(startedAt, Infinity, target(index))
                .find((sample) => sample.path === path && sample.status === 200),
            ),
          `200 again from gateway ${index} on ${path}`,
        );
      }
    }
    // Every WebSocket client stays connected and streams the market again (a fresh snapshot first).
    const marker = await stack.feed.next();
    await writesFlow('after Redis returned', 15_000);
    for (const { path, client } of watchers.flat()) {
      await client.take(isAtOrAfter(path, path === PRICE ? marker.time : boundary), `${path} after Redis`);
      expect(client.closeInfo).toBeUndefined();
    }
    lastFaultAt = Date.now();
  });

  it('answers 503 while Redis is full across a kline close, and loses no write once memory is freed', async () => {
    const boundary = clock.nextBoundary(5000);
    await clock.until(boundary - REDIS_FULL_MS / 2);
    // maxmemory below what Redis already uses, under noeviction: every write is refused with OOM.
    await stack.harness.redis.config('SET', 'maxmemory', '1');
    const fullAt = Date.now();
    await pause(REDIS_FULL_MS);
    await stack.harness.redis.config('SET', 'maxmemory', '0');
    const freedAt = Date.now();

    const loops = stack.gateways.flatMap((_, index) =>
      LOAD_PATHS.map((path) => ({ target: target(index), path })),
    );
    expect(load.unansweredDuring(loops, { from: fullAt, to: freedAt, status: 503 })).toEqual([]);
    // The kline that closed while Redis was full is checked with the rest of the history at the end.
    await writesFlow('after memory was freed', 15_000);
    lastFaultAt = Date.now();
  });

  it.each(['/sim/disconnect', '/sim/silence', '/sim/shutdown-notice'])(
    'keeps the market written through %s, twice, with trades flowing',
    async (control) => {
      for (let round = 1; round <= 2; round++) {
        const { app } = await leader();
        const recovered =
          control === '/sim/shutdown-notice'
            ? nextLog(app, isMsg('stream-switched', { reason: 'server-shutdown' }))
            : nextLog(app, isMsg('reconnected'));
        await stack.sim.post(control, control === '/sim/silence' ? { ms: 2 * TIMINGS.streamSilenceMs } : {});
        await recovered;
        await writesFlow(`${control} round ${round}`);
        lastFaultAt = Date.now();
      }
    },
  );

  it('hands the writing over to the standby when the leader is killed with SIGKILL', async () => {
    const { id, app } = await leader();
    const standby = [...stack.ingestors.entries()].find(([other]) => other !== id)![1];
    const takesOver = nextLog(standby, isMsg('leader'));
    await app.stop('SIGKILL');
    stack.ingestors.delete(id);
    await takesOver;
    await writesFlow('after the take-over', TAKEOVER_WAIT_MS);
    lastFaultAt = Date.now();
  });

  it('keeps the other gateway answering 200 when one is killed under load, and frees its WebSocket slots', async () => {
    const [doomed, survivor] = stack.gateways as [RunningApp, RunningApp];
    const orphans = watchers[0]!;
    gatewayKilledAt = Date.now();
    await doomed.stop('SIGKILL');
    load.stopTarget(target(0));
    const closes = await Promise.all(orphans.map(({ client }) => client.closedWithin(5000)));
    expect(closes.map((close) => close.code)).toEqual(orphans.map(() => 1006));

    // Each dropped client reconnects to the survivor; the dead gateway's lease holds its slot at
    // first, then expires (WS_LEASE_TTL_MS) and lets it in.
    const deadline = gatewayKilledAt + TIMINGS.wsLeaseTtlMs + 3000;
    const reconnected = await Promise.all(
      orphans.map(({ path }) => reconnectUntilAdmitted(streamUrl(gatewayUrl(1), path, stack.key), deadline)),
    );
    watchers[0] = reconnected.map(({ client }, index) => ({ path: orphans[index]!.path, client }));
    for (const { refused, connectedAt } of reconnected) {
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(connectedAt).toBeLessThanOrEqual(deadline);
    }
    for (const operation of ['getCurrentPrice', 'getCurrentKline']) {
      expect(await store.wsLeases(stack.keyId, operation)).toBe(WS_CONNECTIONS_PER_OPERATION);
    }
    const survivorAnswers = load.startedBetween(gatewayKilledAt, Date.now(), target(1));
    expect(survivorAnswers.length).toBeGreaterThan(0);
    expect(survivorAnswers.filter((sample) => sample.status !== 200)).toEqual([]);
    expect(survivor.process.exitCode).toBeNull();
    lastFaultAt = Date.now();
  });

  it('never answered anything but 200 or 503, and never failed to answer, on a gateway that was up', () => {
    const upAnswers = load.samples.filter(
      (sample) => sample.target !== target(0) || sample.ended < gatewayKilledAt,
    );
    expect(upAnswers.filter((sample) => sample.status !== 200 && sample.status !== 503)).toEqual([]);
    expect(upAnswers.length).toBeGreaterThan(100);
  });

  it('holds the exchange history of every interval, contiguous and exact, and its last trade, after a close past the last fault', async () => {
    const closing = clock.boundaryAfter(lastFaultAt + clock.offsetMs);
    await eventually(
      async () => ((await store.closed('1m')).some((m) => m.score === closing - MINUTE) ? true : undefined),
      `the 1m kline closing at ${toIsoTime(closing)}`,
      closing - clock.now() + 20_000,
    );
    await Promise.all([stack.feed.stop(), load.stop()]);
    const last = stack.feed.last!;

    // The cache worker repairs what the faults left out; poll until it is done.
    await expectExchangeHistory(store, stack.sim);
    const openTimes = (await store.closed('1m')).map((member) => member.score);
    expect(openTimes.at(-1)).toBeGreaterThanOrEqual(closing - MINUTE);

    await eventually(async () => {
      const price = await store.price();
      return price?.time === toIsoTime(last.time) ? price : undefined;
    }, 'the last trade as the latest price');
    expect(await store.price()).toEqual({ price: last.price, time: toIsoTime(last.time) });
    for (const app of [...stack.ingestors.values(), stack.cache, stack.gateways[1]!]) {
      expect(app.process.exitCode).toBeNull();
    }
  });
});
