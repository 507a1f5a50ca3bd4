import { INTERVALS, type Interval, type Kline } from '@pds/market';
import { exchangeHistory, type RunningApp } from '@pds/testing';
import { eventually, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

const DAY = 86_400_000;
const MINUTE = 60_000;
/**
 * Simulated time left before a (past) UTC midnight when the market starts: every interval closes
 * there. The ingestor must be reading trades by then; its start has taken over 25 s on a machine
 * running the whole suite with the bench beside it.
 */
const LEAD_MS = 60_000;
/** 1m klines that must close after midnight, so the run spans two minutes of market. */
const MINUTES_AFTER_MIDNIGHT = 1;

jest.setTimeout(5 * MINUTE);

describe('closed klines in Redis after minutes of live market', () => {
  let sim: Sim;
  let ingestor: RunningApp;
  const store = new TestStore('history-consistency');

  beforeAll(async () => {
    // Behind the host clock, never ahead: the ingest script refuses times far beyond Redis's clock.
    const now = Date.now();
    const offset = Math.floor(now / DAY) * DAY - LEAD_MS - now;
    sim = await startSim({
      SIM_CLOCK_OFFSET_MS: String(offset),
      SIM_TRADES_PER_SECOND: '20',
      SIM_KLINE_PUSH_MS: '2000',
    });
    ingestor = await startIngestor(store.prefix, sim);
  });

  afterAll(async () => {
    await ingestor.stop();
    await sim.app.stop();
    await store.close();
  });

  const closedOf = async (interval: Interval): Promise<Kline[]> =>
    (await store.closedKlines(interval)).map((member) => member.kline);

  it('should hold every closed kline of every interval exactly as the exchange REST history has it', async () => {
    const firstMinutes = await eventually(
      async () => {
        const minutes = await closedOf('1m');
        return minutes.length >= MINUTES_AFTER_MIDNIGHT + 1 ? minutes : undefined;
      },
      `${MINUTES_AFTER_MIDNIGHT + 1} closed 1m klines`,
      4 * MINUTE,
    );
    expect(firstMinutes.length).toBeGreaterThanOrEqual(MINUTES_AFTER_MIDNIGHT + 1);

    for (const interval of INTERVALS) {
      const stored = await closedOf(interval);
      expect({ interval, closed: stored.length > 0 }).toEqual({ interval, closed: true });
      const first = Date.parse(stored[0]!.openTime);
      const last = Date.parse(stored.at(-1)!.openTime);
      const exchange = await exchangeHistory(sim.restUrl, SYMBOL, interval, first, last);
      expect({ interval, klines: stored }).toEqual({ interval, klines: exchange });
    }
  });
});
