import { createExchangeAdapter, type LiveStream, shiftServiceClock, type StreamKline } from '@pds/exchange';
import { type Sim, startExchangeSim } from '@pds/testing';

const MINUTE = 60_000;
/** The simulator's clock this far behind ours, at half past one of its minutes when it starts. */
const BEHIND_MS = 5 * MINUTE;

/**
 * The ingestor's Kraken standby (the lib's Kraken adapter) against the simulator speaking Kraken's
 * Spot WebSocket v2: candles are closed by the service's own clock (CONTRACT section 11), never by
 * times in the exchange's frames. The simulator runs five minutes behind the host, and the service's
 * clock is moved with it through the one test-only setting (`shiftServiceClock`, as
 * SERVICE_CLOCK_OFFSET_MS does in the apps): a candle the host's clock would call ended is open.
 */
describe("Kraken's candles closed by the service's clock (simulator)", () => {
  let sim: Sim;
  let offsetMs: number;
  const streams: LiveStream[] = [];

  /** The 1m pushes of a new connection, until `done` says enough. */
  function minutePushes(done: (push: StreamKline) => boolean): Promise<StreamKline[]> {
    const kraken = createExchangeAdapter('kraken', {
      wsBaseUrl: `${sim.wsUrl}/v2`,
      restBaseUrl: sim.restUrl,
    });
    const stream = kraken.openLiveStream('btcusdt');
    streams.push(stream);
    const minutes: StreamKline[] = [];
    return new Promise((resolve) => {
      stream.on('kline', (push) => {
        if (push.interval === '1m') minutes.push(push);
        if (done(push)) resolve(minutes);
      });
    });
  }

  beforeAll(async () => {
    const toHalfPast = (30_000 - (Date.now() % MINUTE) + MINUTE) % MINUTE;
    offsetMs = toHalfPast - BEHIND_MS;
    // Only injected trades: the live minutes stay without candles until a test trades.
    sim = await startExchangeSim({ SIM_EXCHANGE: 'kraken', SIM_CLOCK_OFFSET_MS: String(offsetMs) });
    shiftServiceClock(sim.clockOffsetMs);
  });

  afterAll(async () => {
    shiftServiceClock(0);
    await Promise.all(streams.map((stream) => stream.close()));
    await sim.app.stop();
  });

  it("serves the snapshot's newest candle closed at connect when its interval has ended (a quiet market)", async () => {
    // The 5m snapshot follows the 1m one (subscriptions in order), so the 1m pushes are all in.
    const minutes = await minutePushes((push) => push.interval === '5m');
    const newest = minutes.at(-1);
    expect(newest).toBeDefined();
    // Nothing traded since the simulator started: its newest candle ended before the service's now.
    expect((newest?.openTime ?? 0) + MINUTE).toBeLessThanOrEqual(Date.now() + offsetMs);
    expect(newest?.kline.isClosed).toBe(true);
    expect(minutes.filter((push) => !push.kline.isClosed)).toEqual([]);
  });

  it("serves the snapshot's ended candles closed at connect and the exchange's current one open", async () => {
    // One trade in the simulator's current minute: that candle is open at the exchange.
    const trade = await sim.trade('97123.40', '0.50000');
    const current = Math.floor(trade.time / MINUTE) * MINUTE;
    const minutes = await minutePushes((push) => push.interval === '1m' && push.openTime === current);
    const last = minutes.at(-1);
    expect(last?.kline).toMatchObject({ close: '97123.4', isClosed: false });
    // The snapshot's earlier candles had all ended by the service's clock: closed as they come.
    const earlier = minutes.slice(0, -1);
    expect(earlier.length).toBeGreaterThan(100);
    expect(earlier.filter((push) => !push.kline.isClosed)).toEqual([]);
    expect(Date.now() - current).toBeGreaterThan(BEHIND_MS - MINUTE); // ended by the host's clock
  });
});
