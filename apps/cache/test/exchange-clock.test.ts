import { intervalMs, openTimeOf } from '@pds/market';
import { exchangeHistory, type RunningApp } from '@pds/testing';
import { HistoryQueue } from './support/history-queue';
import { HistoryStore, isMsg, type Sim, startCache, startSim, SYMBOL } from './support/history-stack';

const MINUTE = intervalMs('1m');
/** The exchange's clock this far ahead of the local one: its newest closed minute is open here. */
const EXCHANGE_AHEAD_MS = 2 * MINUTE;

describe('cache: the exchange’s clock decides which klines have closed', () => {
  const store = new HistoryStore('cache-exchange-clock');
  const queue = new HistoryQueue(store.keys);
  let sim: Sim;
  let worker: RunningApp;

  beforeAll(async () => {
    await queue.ready();
    sim = await startSim({ SIM_CLOCK_OFFSET_MS: String(EXCHANGE_AHEAD_MS) });
    worker = await startCache(store.prefix, sim);
    await worker.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 60_000);
  });

  afterAll(async () => {
    await worker.stop();
    await sim.app.stop();
    await queue.close();
    await store.close();
  });

  it('should fill a range up to the exchange’s newest closed kline when the local clock is behind', async () => {
    const { serverTime } = (await (await fetch(`${sim.restUrl}/api/v3/time`)).json()) as {
      serverTime: number;
    };
    const newestClosed = openTimeOf(serverTime, '1m') - MINUTE;
    const from = newestClosed - 4 * MINUTE;
    // By the local clock, newestClosed and the minute before it are still to come or open.
    expect(newestClosed).toBeGreaterThanOrEqual(openTimeOf(Date.now(), '1m'));

    await queue.fill({ symbol: SYMBOL, interval: '1m', from, to: newestClosed });

    const stored = (await store.closed('1m'))
      .map((member) => member.kline)
      .filter((kline) => Date.parse(kline.openTime) >= from && Date.parse(kline.openTime) <= newestClosed);
    expect(stored).toEqual(await exchangeHistory(sim.restUrl, SYMBOL, '1m', from, newestClosed));
    expect(stored.map((kline) => Date.parse(kline.openTime))).toEqual(
      [0, 1, 2, 3, 4].map((n) => from + n * MINUTE),
    );
  });
});
