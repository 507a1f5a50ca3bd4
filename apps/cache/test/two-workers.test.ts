import { INTERVALS, intervalMs } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import { HistoryQueue } from './support/history-queue';
import { HistoryStore, isMsg, pageOf, type Sim, startCache, startSim, SYMBOL } from './support/history-stack';

describe('cache: two worker processes share the work (acceptance 6)', () => {
  const store = new HistoryStore('cache-two-workers');
  const queue = new HistoryQueue(store.keys);
  let sim: Sim;
  let workers: RunningApp[];

  beforeAll(async () => {
    await queue.ready();
    sim = await startSim();
    workers = await Promise.all([
      startCache(store.prefix, sim, { CACHE_WORKER_ID: 'worker-a' }),
      startCache(store.prefix, sim, { CACHE_WORKER_ID: 'worker-b' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await sim.app.stop();
    await queue.close();
    await store.close();
  });

  it('should run one warm-up for both, one exchange request per interval', async () => {
    await Promise.any(
      workers.map((worker) => worker.waitForLog(isMsg('job-completed', { name: 'warm-up' }))),
    );
    // Both workers added the warm-up (same job id, shared for a minute after it finished): one ran.
    await Promise.all(workers.map((worker) => worker.waitForLog(isMsg('warm-up-enqueued'))));
    await queue.idle();
    expect(queue.completions.filter((completion) => completion.jobId.startsWith('warm-up'))).toHaveLength(1);
    expect((await sim.stats()).klinesRequests).toBe(INTERVALS.length);
    for (const interval of INTERVALS) expect(await store.closed(interval)).toHaveLength(1000);
  });

  it('should fetch each page once and store each kline once when asks are repeated', async () => {
    const before = (await sim.stats()).klinesRequests;
    const start = Date.parse('2024-03-05T00:00:00.000Z');
    const first = pageOf(start, '1m');
    const pages = [0, 1, 2, 3].map((index) => {
      const from = first.from + index * 1000 * intervalMs('1m');
      return { symbol: SYMBOL, interval: '1m' as const, from, to: from + 999 * intervalMs('1m') };
    });
    // Three gateways asking the same four pages at once, then once more after they are done.
    await Promise.all([...pages, ...pages, ...pages].map((page) => queue.fill(page)));
    await Promise.all(pages.map((page) => queue.fill(page)));
    expect((await sim.stats()).klinesRequests - before).toBe(pages.length);

    const members = await store.closed('1m');
    expect(new Set(members.map((member) => member.score)).size).toBe(members.length);
    // Every job's own count of klines it wrote (0 for one that found its page stored already).
    const stored = queue.completions.reduce((sum, completion) => sum + completion.result.stored, 0);
    const total = (await Promise.all(INTERVALS.map((interval) => store.closed(interval)))).flat().length;
    expect(stored).toBe(total);
  });

  it('should leave stored history unchanged when a repair fetches stored klines again', async () => {
    const closedOfEvery = () => Promise.all(INTERVALS.map((interval) => store.closed(interval)));
    const before = await closedOfEvery();
    const newest = before[INTERVALS.indexOf('1m')]?.at(-1)?.score ?? 0;
    const gap = { symbol: SYMBOL, from: newest - 30 * intervalMs('1m'), to: newest };
    const repaired = await queue.repair(gap);
    expect(repaired.requests).toBeGreaterThan(0);
    // The repair refetches every interval's klines over the gap: a 5m or 1h kline open at the warm-up
    // may have closed since (a boundary passed), and only such a kline may be added, at the end.
    const after = await closedOfEvery();
    let added = 0;
    for (const [index, kept] of before.entries()) {
      const now = after[index] ?? [];
      expect(now.slice(0, kept.length)).toEqual(kept);
      added += now.length - kept.length;
    }
    expect(repaired.stored).toBe(added);
  });
});
