import { setTimeout as delay } from 'node:timers/promises';
import { exchangeHistory, historyHoles, type RunningApp, spawnCache, testRedis } from '@pds/testing';
import { eventually, isMsg, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

const MINUTE = 60_000;
/** Simulated time left before a minute boundary when the market starts. */
const LEAD_MS = 25_000;
/** The leader is killed this long before the boundary, so the minute closes while nobody writes. */
const KILL_BEFORE_CLOSE_MS = 3000;
/** A generous limit on a handover (the lease's TTL is 5 s): a limit on the wait, not the measure. */
const HANDOVER_WAIT_MS = 60_000;

/**
 * Acceptance 3 with the default lease settings (TTL 5 s, renew 1.5 s, poll 0.5 s), as deployed:
 * SIGTERM to the leader, then kill -9 to the next one just before a minute closes; the cache worker
 * runs as in production (warm-up and the repair of each takeover's gap).
 */
describe('ingestor handover: a standby takes over the writing and history has no hole and no duplicate', () => {
  const store = new TestStore('ingestor-handover');
  const ingestors = new Map<string, RunningApp>();
  let sim: Sim;
  let cache: RunningApp;
  /** The minute boundary of the simulator's clock that falls during the test. */
  let boundary: number;
  let clockOffset: number;

  const start = async (id: string): Promise<RunningApp> => {
    const app = await startIngestor(store.prefix, sim, { INGESTOR_ID: id });
    ingestors.set(id, app);
    return app;
  };

  const leaseOwner = (): Promise<string | null> => store.redis.get(store.keys.ingestorLease(SYMBOL));

  /**
   * Until a trade injected now is the latest price in Redis. How long that took is the handover's
   * speed, which a busy machine moves: the wait is generous and the mechanism is asserted instead.
   */
  const tradeWritten = async (): Promise<void> => {
    const trade = await sim.trade('54321.09', '0.01');
    await eventually(
      async () => {
        const price = await store.price();
        return price && Date.parse(price.time) >= trade.time ? price : undefined;
      },
      'a price written after the handover',
      HANDOVER_WAIT_MS,
    );
  };

  const stop = async (id: string, signal: NodeJS.Signals): Promise<void> => {
    await ingestors.get(id)!.stop(signal);
    ingestors.delete(id);
  };

  beforeAll(async () => {
    // The simulator starts LEAD_MS before a minute boundary of its clock, at most half a minute off
    // the host clock: the cache's warm-up asks for the newest klines closed by the host clock, and
    // the klines around the start are to come from it.
    const now = Date.now();
    boundary = Math.ceil((now + LEAD_MS) / MINUTE) * MINUTE;
    if (boundary - LEAD_MS - now > MINUTE / 2) boundary -= MINUTE;
    clockOffset = boundary - LEAD_MS - now;
    sim = await startSim({
      SIM_CLOCK_OFFSET_MS: String(clockOffset),
      SIM_TRADES_PER_SECOND: '10',
      SIM_KLINE_PUSH_MS: '500',
    });
    const a = await start('ingestor-a');
    await a.waitForLog(isMsg('leader'));
    cache = await spawnCache({ redisEnv: testRedis().env, prefix: store.prefix }, sim);
    const [b, c] = await Promise.all([start('ingestor-b'), start('ingestor-c')]);
    await Promise.all([
      b.waitForLog(isMsg('standby')),
      c.waitForLog(isMsg('standby')),
      cache.waitForLog(isMsg('job-completed', { name: 'warm-up' })),
    ]);
  });

  afterAll(async () => {
    await Promise.all([...ingestors.values(), cache].map((app) => app.stop()));
    await sim.app.stop();
    await store.close();
  });

  it('should have a standby write after SIGTERM to the leader, which hands its lease over at once', async () => {
    expect(await leaseOwner()).toBe('ingestor-a');
    const released = ingestors.get('ingestor-a')!.waitForLog(isMsg('lease-released'));
    await stop('ingestor-a', 'SIGTERM');
    // Released, not left to expire: a standby may take it on its next poll, not after the TTL.
    await released;
    await tradeWritten();
    expect(['ingestor-b', 'ingestor-c']).toContain(await leaseOwner());
  });

  it('should have the last standby write after kill -9 to the next leader, across a minute close', async () => {
    const leader = (await leaseOwner())!;
    const last = leader === 'ingestor-b' ? 'ingestor-c' : 'ingestor-b';
    const killAt = boundary - KILL_BEFORE_CLOSE_MS - clockOffset;
    await delay(Math.max(0, killAt - Date.now()));
    await stop(leader, 'SIGKILL');
    await tradeWritten();
    expect(await leaseOwner()).toBe(last);
    // The minute closed while nobody wrote; the gap since the killed leader's last write is repaired.
    const gap = await ingestors.get(last)!.waitForLog(isMsg('gap-recorded', { reason: 'takeover' }));
    await cache.waitForLog(isMsg('job-completed', { name: 'repair-gap', jobId: gap.jobId }), 30_000);
  });

  it('should hold every closed 1m kline once, with none missing, equal to the exchange history', async () => {
    const closedAtBoundary = boundary - MINUTE;
    const members = await eventually(async () => {
      const all = await store.closedKlines('1m');
      return all.some((member) => member.score === closedAtBoundary) ? all : undefined;
    }, 'the kline that closed during the handover');
    const openTimes = members.map((member) => member.score);
    expect(historyHoles(openTimes, '1m')).toEqual({ duplicates: [], missing: [] });
    expect(openTimes.at(-1)).toBe(closedAtBoundary);
    const exchange = await exchangeHistory(sim.restUrl, SYMBOL, '1m', openTimes[0]!, closedAtBoundary);
    expect(members.map((member) => member.kline)).toEqual(exchange);
  });
});
