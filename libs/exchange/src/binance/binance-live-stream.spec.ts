import type { StreamInterruption, StreamTrade } from '../live-stream';
import { binanceWireFormat } from './binance-wire-format';
import { FakeBinanceServer } from '../testing/fake-binance-server';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import { nextEvent } from '../testing/next-event';

/**
 * A stream to the fake server. It sends nothing unasked, so a connection is silent between a test's
 * frames: the silence limit is far above any test's pace (a busy machine once paused a test's
 * process past 400 ms, the stream replaced its connection and a frame went to the old one), except
 * where a test asks for a short one.
 */
function streamTo(
  server: FakeBinanceServer,
  settings: { silenceMs?: number; maxConnectionAgeMs?: number } = {},
) {
  return new ExchangeLiveStream({
    wsBaseUrl: server.url,
    symbol: 'btcusdt',
    wireFormat: binanceWireFormat,
    silenceMs: 60_000,
    maxConnectionAgeMs: 60_000,
    reconnectInitialMs: 20,
    reconnectMaxMs: 100,
    connectionsPer5Minutes: 300,
    healthyAfterMs: 1000,
    // These frames are dated seconds after the epoch, long before any exchange's history.
    historyStartMs: 0,
    ...settings,
  });
}

describe("ExchangeLiveStream with Binance's wire format against a fake Binance server", () => {
  let server: FakeBinanceServer;
  let stream: ExchangeLiveStream;
  const trades: StreamTrade[] = [];
  const interruptions: StreamInterruption[] = [];

  beforeEach(async () => {
    trades.length = 0;
    interruptions.length = 0;
    server = await FakeBinanceServer.start();
    stream = streamTo(server);
    stream.on('trade', (trade) => trades.push(trade));
    stream.on('interruption', (interruption) => interruptions.push(interruption));
    stream.start();
    await server.waitForConnections(1);
  });

  afterEach(async () => {
    await stream.close();
    await server.stop();
  });

  it('subscribes to the trade stream and the nine kline streams on one combined connection', () => {
    expect(server.connectionUrls[0]).toBe(
      '/stream?streams=btcusdt@trade/btcusdt@kline_1m/btcusdt@kline_5m/btcusdt@kline_15m/btcusdt@kline_30m/' +
        'btcusdt@kline_1h/btcusdt@kline_4h/btcusdt@kline_6h/btcusdt@kline_12h/btcusdt@kline_1d',
    );
  });

  it('delivers trades and kline pushes with their exact decimals', async () => {
    const kline = nextEvent(stream, 'kline');
    server.trade('97123.45000000', '0.00100000', 1_700_000_000_123, 7);
    server.kline({
      interval: '5m',
      openTime: 1_699_999_800_000,
      firstTradeId: 1,
      lastTradeId: 7,
      open: '97000.00000000',
      high: '97123.45000000',
      low: '96999.99000000',
      close: '97123.45000000',
      volume: '12.50000000',
      trades: 7,
      isClosed: false,
      eventTime: 1_700_000_000_200,
    });
    expect(await kline).toEqual({
      interval: '5m',
      eventTime: 1_700_000_000_200,
      openTime: 1_699_999_800_000,
      firstTradeId: 1,
      lastTradeId: 7,
      kline: {
        openTime: '2023-11-14T22:10:00.000Z',
        closeTime: '2023-11-14T22:14:59.999Z',
        open: '97000.00000000',
        high: '97123.45000000',
        low: '96999.99000000',
        close: '97123.45000000',
        volume: '12.50000000',
        trades: 7,
        isClosed: false,
      },
    });
    expect(trades).toEqual([
      {
        id: 7,
        price: '97123.45000000',
        quantity: '0.00100000',
        time: 1_700_000_000_123,
        eventTime: 1_700_000_000_123,
      },
    ]);
  });

  it('answers pings with the same payload', async () => {
    expect(await server.pingAll('are-you-there')).toEqual(['are-you-there']);
  });

  it('counts and skips malformed and unexpected frames', async () => {
    const counted = nextEvent(stream, 'counters', (c) => c.malformedFrames === 2 && c.unexpectedFrames === 2);
    server.broadcast('{"stream":"btcusdt@trade","data":{"e":"trade"');
    server.broadcast('{"e":"trade","E":1,"s":"BTCUSDT","t":1,"p":1.5,"q":"1","T":1,"m":true}');
    server.broadcast('{"e":"aggTrade","E":1,"s":"BTCUSDT","a":1,"p":"1","q":"1","f":1,"l":1,"T":1,"m":true}');
    server.broadcast('{"stream":"btcusdt@mystery","data":{"e":"mystery","E":1}}');
    await counted;
    const trade = nextEvent(stream, 'trade');
    server.trade('1.00', '2.00');
    await trade;
  });

  it('reconnects after a drop and reports the span it missed', async () => {
    server.trade('1.00', '1.00', 5_000, 1);
    await nextEvent(stream, 'trade');
    const disconnected = nextEvent(stream, 'disconnected');
    server.dropAll();
    expect((await disconnected).lastEventTime).toBe(5_000);
    await server.waitForConnections(2);
    const interruption = nextEvent(stream, 'interruption');
    server.trade('2.00', '1.00', 9_000, 2);
    const { reason, lastEventTime, firstEventTime } = await interruption;
    expect(reason).toMatch(/^closed:/);
    expect({ lastEventTime, firstEventTime }).toEqual({ lastEventTime: 5_000, firstEventTime: 9_000 });
    expect(stream.counters().reconnects).toBe(1);
  });

  it('treats a silent connection as dead and replaces it', async () => {
    const watched = streamTo(server, { silenceMs: 400 });
    const disconnected = nextEvent(watched, 'disconnected');
    watched.start();
    try {
      server.silence(600);
      expect(await disconnected).toMatchObject({ reason: 'silence' });
      // The first connection is the shared stream's, the second the silent one, the third its replacement.
      await server.waitForConnections(3);
    } finally {
      await watched.close();
    }
  });

  it('switches on serverShutdown without a gap and without duplicates', async () => {
    server.trade('1.00', '1.00', 5_000, 1);
    await nextEvent(stream, 'trade');
    const switched = nextEvent(stream, 'switched');
    server.shutdownNotice();
    await server.waitForConnections(2);
    // Both connections are open now: the old one still delivers, the new one gets the same trades.
    server.trade('2.00', '1.00', 6_000, 2);
    expect(await switched).toEqual({ reason: 'server-shutdown' });
    server.trade('3.00', '1.00', 7_000, 3);
    await nextEvent(stream, 'trade', (trade) => trade.id === 3);
    expect(trades.map((trade) => trade.id)).toEqual([1, 2, 3]);
    expect(interruptions).toEqual([]);
    expect(stream.counters()).toMatchObject({ switches: 1, reconnects: 0 });
  });

  it('replaces a connection before its maximum age, make-before-break', async () => {
    const aging = streamTo(server, { maxConnectionAgeMs: 300 });
    const agingInterruptions: StreamInterruption[] = [];
    aging.on('interruption', (interruption) => agingInterruptions.push(interruption));
    aging.start();
    try {
      await server.waitForConnections(2);
      server.trade('1.00', '1.00', 5_000, 1);
      const switched = nextEvent(aging, 'switched');
      await server.waitForConnections(3);
      server.trade('2.00', '1.00', 6_000, 2);
      expect(await switched).toEqual({ reason: 'max-age' });
      expect(agingInterruptions).toEqual([]);
    } finally {
      await aging.close();
    }
  });
});
