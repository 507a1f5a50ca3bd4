import { INTERVALS } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import {
  expectContiguous,
  HistoryStore,
  isMsg,
  type Sim,
  startCache,
  startIngestor,
  startSim,
} from './support/history-stack';

const MINUTE = 60_000;

describe('cache: gap repair after a feed outage (acceptance 4)', () => {
  const store = new HistoryStore('cache-gap-repair');
  let sim: Sim;
  let ingestor: RunningApp;
  let cache: RunningApp;

  beforeAll(async () => {
    sim = await startSim({ SIM_TRADES_PER_SECOND: '5', SIM_KLINE_PUSH_MS: '500' });
    [ingestor, cache] = await Promise.all([
      startIngestor(store.prefix, sim, { STREAM_SILENCE_MS: '1000' }),
      startCache(store.prefix, sim),
    ]);
    await Promise.all([
      ingestor.waitForLog(isMsg('leader')),
      cache.waitForLog(isMsg('job-completed', { name: 'warm-up' })),
    ]);
  });

  afterAll(async () => {
    await Promise.all([ingestor.stop(), cache.stop()]);
    await sim.app.stop();
    await store.close();
  });

  it('should make every interval contiguous and equal to the exchange across the outage', async () => {
    // Silence every stream from now until 2.5 s after the next minute boundary.
    const now = Date.now();
    let boundary = Math.ceil(now / MINUTE) * MINUTE;
    if (boundary - now < 2000) boundary += MINUTE;
    await sim.post('/sim/silence', { ms: boundary - now + 2500 });

    const gap = await ingestor.waitForLog(
      (entry) => entry.msg === 'gap-recorded' && Number(entry.to) > boundary,
      boundary - Date.now() + 20_000,
    );
    expect(Number(gap.from)).toBeLessThan(boundary);
    const repaired = await cache.waitForLog(
      isMsg('job-completed', { name: 'repair-gap', jobId: gap.jobId }),
      30_000,
    );
    // At least the minute that closed during the outage came from the exchange's history.
    expect(repaired.stored).toBeGreaterThanOrEqual(1);

    for (const interval of INTERVALS) {
      const stored = await store.closed(interval);
      const openTimes = stored.map((member) => member.score);
      expectContiguous(openTimes, interval);
      const first = openTimes[0] ?? 0;
      const last = openTimes.at(-1) ?? 0;
      const exchange = await sim.history(interval, first, last);
      expect(stored.map((member) => member.kline)).toEqual(exchange);
    }
    const minutes = (await store.closed('1m')).map((member) => member.score);
    expect(minutes).toContain(boundary - MINUTE);
  });
});
