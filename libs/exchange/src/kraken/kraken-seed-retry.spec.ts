import type { Kline } from '@pds/market';
import { ExchangeRateLimitError } from '../exchange-errors';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import { FakeKrakenServer } from '../testing/fake-kraken-server';
import { nextEvent } from '../testing/next-event';
import { KrakenLiveStream } from './kraken-live-stream';
import { krakenWireFormat } from './kraken-wire-format';

const TUNING = {
  silenceMs: 2_000,
  maxConnectionAgeMs: 60_000,
  reconnectInitialMs: 20,
  reconnectMaxMs: 100,
  connectionsPer5Minutes: 60,
  healthyAfterMs: 1000,
};

describe("KrakenLiveStream's REST seed after Kraken's rate limit", () => {
  let server: FakeKrakenServer;
  let stream: KrakenLiveStream;
  let now = Date.parse('2024-03-01T05:30:00Z');
  let seeds = 0;

  beforeEach(async () => {
    server = await FakeKrakenServer.start();
    const inner = new ExchangeLiveStream({
      ...TUNING,
      wsBaseUrl: server.url,
      symbol: 'btcusdt',
      wireFormat: krakenWireFormat,
    });
    const throttled = (): Promise<readonly Kline[]> => {
      seeds += 1;
      // Kraken: `EService: Throttled: <unix time>`, read as a 429 to wait out for 120 s.
      return Promise.reject(
        new ExchangeRateLimitError(429, 120, undefined, undefined, 'EService: Throttled'),
      );
    };
    stream = new KrakenLiveStream(inner, throttled, () => now);
    stream.start();
    await server.waitFor(1, 8);
  });

  afterEach(async () => {
    await stream.close();
    await server.stop();
  });

  /** A 1h update (each one asks for the seed until it has one), delivered. */
  async function hourUpdate(trades: number): Promise<void> {
    const pushed = nextEvent(
      stream,
      'kline',
      (push) => push.interval === '1h' && push.kline.trades === trades,
    );
    const hour = { interval: 60, begin: '2024-03-01T05:00:00Z', open: '1', high: '1', low: '1', close: '1' };
    server.candles('update', `2024-03-01T05:30:0${trades}Z`, [{ ...hour, volume: '1', trades }]);
    await pushed;
    await new Promise((resolve) => setImmediate(resolve)); // the rejected seed settles
  }

  it('asks REST again only once the resume time Kraken named has passed', async () => {
    await hourUpdate(1);
    expect(seeds).toBe(1);
    now += 60_000; // past the usual 10 s retry, within Kraken's 120 s
    await hourUpdate(2);
    expect(seeds).toBe(1);
    now += 61_000;
    await hourUpdate(3);
    expect(seeds).toBe(2);
  });
});
