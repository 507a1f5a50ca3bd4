import { intervalMs, openTimeOf } from '@pds/market';
import { exchangeHistory, type RunningApp } from '@pds/testing';
import { HistoryQueue } from './support/history-queue';
import { HistoryStore, isMsg, type Sim, startCache, startSim, SYMBOL } from './support/history-stack';

const MINUTE = intervalMs('1m');
/** The exchange's clock this far ahead of the service's: its newest closed minutes are to come here. */
const EXCHANGE_AHEAD_MS = 3 * MINUTE;

/**
 * CONTRACT section 11: the service's own clock bounds what history is accepted and decides which
 * klines have closed, never the exchange's, however its answers are dated. The simulator runs ahead;
 * the cache worker's service clock stays the host's (no test offset).
 */
describe('cache: the service’s clock, never the exchange’s, decides which klines have closed', () => {
  const store = new HistoryStore('cache-exchange-clock');
  const queue = new HistoryQueue(store.keys);
  let sim: Sim;
  let worker: RunningApp;

  beforeAll(async () => {
    await queue.ready();
    sim = await startSim({ SIM_CLOCK_OFFSET_MS: String(EXCHANGE_AHEAD_MS) });
    worker = await startCache(store.prefix, sim, { SERVICE_CLOCK_OFFSET_MS: '0' });
    await worker.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 60_000);
  });

  afterAll(async () => {
    await worker.stop();
    await sim.app.stop();
    await queue.close();
    await store.close();
  });

  it('should store a range only up to the service’s newest closed kline, though the exchange has closed later ones', async () => {
    const { serverTime } = (await (await fetch(`${sim.restUrl}/api/v3/time`)).json()) as {
      serverTime: number;
    };
    const exchangeNewestClosed = openTimeOf(serverTime, '1m') - MINUTE;
    const serviceNewestClosed = openTimeOf(Date.now(), '1m') - MINUTE;
    const from = serviceNewestClosed - 4 * MINUTE;

    await queue.fill({ symbol: SYMBOL, interval: '1m', from, to: exchangeNewestClosed });

    const filledAt = Date.now();
    const stored = (await store.closed('1m'))
      .map((member) => member.kline)
      .filter((kline) => Date.parse(kline.openTime) >= from);
    // Every minute closed by the service's clock when the fill began is there, as the exchange has it.
    const expected = await exchangeHistory(sim.restUrl, SYMBOL, '1m', from, serviceNewestClosed);
    expect(stored.slice(0, expected.length)).toEqual(expected);
    // Nothing the service's clock had not closed by the fill's end, though the exchange called it closed.
    for (const kline of stored) expect(Date.parse(kline.closeTime)).toBeLessThan(filledAt);
  });
});
