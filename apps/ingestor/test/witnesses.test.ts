import { type RunningApp, type Scrape, scrapeMetrics, startExchangeSim } from '@pds/testing';
import { eventually, isMsg, type Sim, startIngestor, TestStore } from './support/stack';

/** Generous: the standby's connection and first prices on a machine the rest of the suite keeps busy. */
const WITNESS_WAIT_MS = 60_000;

const RATIO = 'pds_exchange_deviation_ratio';

/**
 * The witnesses of CONTRACT section 11 on the ingestor's /metrics: Binance the primary, Kraken the
 * standby, each a simulator trading on its own; Kraken prints its prices 300 basis points (3 %)
 * above the market both walk, so each lies about 1.5 % from the median of the two.
 */
describe('ingestor: pds_exchange_deviation_ratio with a standby', () => {
  const store = new TestStore('ingestor-witnesses');
  let primary: Sim;
  let standby: Sim;
  let ingestor: RunningApp;

  async function scrapeUntil(done: (scrape: Scrape) => boolean, what: string): Promise<Scrape> {
    let last: Scrape | undefined;
    try {
      return await eventually(
        async () => {
          last = await scrapeMetrics(ingestor);
          return done(last) ? last : undefined;
        },
        what,
        WITNESS_WAIT_MS,
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${feedsSeen(last)}`, { cause: error });
    }
  }

  /** What the ingestor said of the exchanges, for a wait that timed out. */
  function feedsSeen(scrape: Scrape | undefined): string {
    const exchangeSeries = (scrape?.samples ?? [])
      .filter(({ name, value }) => name.startsWith('pds_exchange_') && value !== 0)
      .map(({ name, labels, value }) => `${name}${JSON.stringify(labels)} ${value}`);
    const warnings = ingestor.output.filter((line) => /"level":"(warn|error)"/.test(line)).slice(-20);
    return ['last scrape:', ...exchangeSeries, 'ingestor warnings:', ...warnings].join('\n');
  }

  beforeAll(async () => {
    [primary, standby] = await Promise.all([
      startExchangeSim({ SIM_EXCHANGE: 'binance', SIM_TRADES_PER_SECOND: '5', SIM_PRICE_PREMIUM_BPS: '0' }),
      startExchangeSim({ SIM_EXCHANGE: 'kraken', SIM_TRADES_PER_SECOND: '5', SIM_PRICE_PREMIUM_BPS: '300' }),
    ]);
    ingestor = await startIngestor(store.prefix, primary, {
      EXCHANGE: 'binance',
      EXCHANGE_STANDBYS: 'kraken',
      KRAKEN_WS_URL: `${standby.wsUrl}/v2`,
      KRAKEN_REST_URL: standby.restUrl,
    });
    await ingestor.waitForLog(isMsg('leader'));
  });

  afterAll(async () => {
    await ingestor.stop();
    await Promise.all([primary.app.stop(), standby.app.stop()]);
    await store.close();
  });

  it("exports each live exchange's distance from the median of their prices", async () => {
    const scrape = await scrapeUntil(
      (found) => found.find(RATIO).length === 2,
      'a deviation ratio for both exchanges',
    );
    const binance = scrape.value(RATIO, { exchange: 'binance' }) ?? Number.NaN;
    const kraken = scrape.value(RATIO, { exchange: 'kraken' }) ?? Number.NaN;
    // Two exchanges: the median is their midpoint, equally far from both.
    expect(kraken).toBeCloseTo(binance, 12);
    expect(binance).toBeGreaterThan(0.01);
    expect(binance).toBeLessThan(0.02);
  });

  it('removes the series, rather than exporting 0, once fewer than two exchanges are live', async () => {
    await standby.dark('cut');
    await scrapeUntil((found) => found.find(RATIO).length === 0, 'no deviation ratio with Kraken dark');
    await standby.light();
    await scrapeUntil((found) => found.find(RATIO).length === 2, 'the deviation ratios again');
  });
});
