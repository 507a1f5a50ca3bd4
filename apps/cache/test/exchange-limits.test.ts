import { INTERVALS } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import { HistoryStore, isMsg, type Sim, startCache, startSim } from './support/history-stack';

/** A sim clock offset that puts the sim `secondOfMinute` s into a minute `leadMs` from now. */
function offsetTo(secondOfMinute: number, leadMs: number): number {
  const at = Date.now() + leadMs;
  let target = Math.floor(at / 60_000) * 60_000 + secondOfMinute * 1000;
  if (target < at) target += 60_000;
  return target - at;
}

describe('cache: the exchange weight budget (acceptance 5)', () => {
  describe('with a budget of its own below the exchange’s', () => {
    const store = new HistoryStore('cache-budget');
    let sim: Sim;
    let cache: RunningApp;

    beforeAll(async () => {
      sim = await startSim({ SIM_WEIGHT_PER_MINUTE: '10' });
      cache = await startCache(store.prefix, sim, { EXCHANGE_WEIGHT_PER_MINUTE: '8' });
    });

    afterAll(async () => {
      await cache.stop();
      await sim.app.stop();
      await store.close();
    });

    it('should stop sending once its budget is spent, before the exchange says 429', async () => {
      // The warm-up needs one request (weight 2) per interval: nine, but the budget allows four.
      const wait = await cache.waitForLog(
        (entry) => entry.msg === 'exchange-wait' && entry.reason !== 'in-flight',
      );
      expect(['weight-budget', 'paused']).toContain(wait.reason);
      const stats = await sim.stats();
      expect(stats.weightUsed).toBe(8);
      expect(stats.rateLimited).toBe(0);
      expect(stats.banned).toBe(0);
    });
  });

  describe('when the exchange allows less than the workers think', () => {
    const store = new HistoryStore('cache-429');
    let sim: Sim;
    let cache: RunningApp;

    beforeAll(async () => {
      // Five requests a minute, a ban for the second over-budget request in a minute, and the sim's
      // minute ending about half a minute after start: Retry-After stays short, and the nine
      // requests fall in one minute even on a loaded machine (a minute that ends among them splits
      // them into two allowed parts: with 14 s, a whole run's warm-up sent all nine without a 429).
      sim = await startSim({
        SIM_WEIGHT_PER_MINUTE: '10',
        SIM_BAN_AFTER_REJECTIONS: '1',
        SIM_CLOCK_OFFSET_MS: String(offsetTo(30, 2000)),
      });
      cache = await startCache(store.prefix, sim, { EXCHANGE_MAX_IN_FLIGHT: '1' });
    });

    afterAll(async () => {
      await cache.stop();
      await sim.app.stop();
      await store.close();
    });

    it('should wait out Retry-After on 429 and finish without ever being banned', async () => {
      const paused = await cache.waitForLog(isMsg('exchange-paused', { reason: 'rate-limited' }));
      expect(paused.status).toBe(429);
      expect(paused.retryAfterSeconds).toBeGreaterThan(0);
      // Generous: on a busy machine the cache can start after the sim's minute ends, and then waits out
      // a whole minute's Retry-After (58 s seen) before it finishes.
      await cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 120_000);
      const stats = await sim.stats();
      // One 429; any request before Retry-After had passed would have been over budget: a ban.
      expect(stats.rateLimited).toBe(1);
      expect(stats.banned).toBe(0);
      expect(stats.klinesRequests).toBe(INTERVALS.length + 1);
      for (const interval of INTERVALS) expect(await store.closed(interval)).toHaveLength(1000);
    }, 180_000);
  });
});
