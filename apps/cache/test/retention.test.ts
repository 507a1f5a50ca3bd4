import { intervalMs } from '@pds/market';
import { fillRangeJobId } from '@pds/redis';
import { eventually, type RunningApp } from '@pds/testing';
import { HistoryQueue } from './support/history-queue';
import { HistoryStore, isMsg, pageOf, type Sim, startCache, startSim, SYMBOL } from './support/history-stack';

describe('cache: retention keeps the coverage record true', () => {
  const store = new HistoryStore('cache-retention');
  const queue = new HistoryQueue(store.keys);
  let sim: Sim;
  let cache: RunningApp;

  beforeAll(async () => {
    await queue.ready();
    sim = await startSim();
    cache = await startCache(store.prefix, sim, { RETENTION_KLINES: '1000', RETENTION_CHECK_MS: '1000' });
    await cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }));
  });

  afterAll(async () => {
    await cache.stop();
    await sim.app.stop();
    await queue.close();
    await store.close();
  });

  it('should trim the oldest klines beyond the bound and stop covering them', async () => {
    const recent = await store.closed('1m');
    const old = pageOf(Date.parse('2023-06-01T00:00:00.000Z'), '1m');
    await queue.fill({ symbol: SYMBOL, interval: '1m', ...old });

    await cache.waitForLog(isMsg('retention-trimmed', { interval: '1m', removed: 1000 }));
    // Trims are periodic: the store may hold the page again before the next one (a clean run once
    // found the old page stored after a `removed: 1000` line), so the check waits for the bound.
    await eventually(
      async () => ((await store.closed('1m')).length === recent.length ? true : undefined),
      'the history back within its bound',
      30_000,
    );
    expect(await store.closed('1m')).toEqual(recent);
    const coverage = await store.coverage('1m');
    expect(coverage.some((span) => span.from <= old.to && span.to >= old.from)).toBe(false);
    const newest = recent.at(-1)?.score ?? 0;
    expect(coverage).toContainEqual({ from: recent[0]?.score, to: newest });
    // The record still knows slot 0 (1970) has no kline: the history stays managed.
    expect(coverage).toContainEqual({ from: 0, to: 0 });
  });

  it('should fetch a trimmed range again when it is asked for', async () => {
    const old = pageOf(Date.parse('2023-06-01T00:00:00.000Z'), '1m');
    const before = (await sim.stats()).klinesRequests;
    const data = { symbol: SYMBOL, interval: '1m' as const, ...old };
    await queue.fill(data);
    expect((await sim.stats()).klinesRequests - before).toBe(1);
    const last = queue.completions.filter((completion) => completion.jobId === fillRangeJobId(data)).at(-1);
    expect(last?.result).toEqual({ requests: 1, stored: (old.to - old.from) / intervalMs('1m') + 1 });
  });
});
