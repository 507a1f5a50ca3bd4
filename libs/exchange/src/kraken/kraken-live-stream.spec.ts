import type { Kline } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import { FakeKrakenServer } from '../testing/fake-kraken-server';
import { KrakenLiveStream } from './kraken-live-stream';
import { krakenWireFormat } from './kraken-wire-format';
import { nextEvent } from '../testing/next-event';

function hour(h: number, open: string, close: string, trades: number): Kline {
  const openTime = `2024-03-01T${String(h).padStart(2, '0')}:00:00.000Z`;
  const closeTime = `2024-03-01T${String(h).padStart(2, '0')}:59:59.999Z`;
  return { openTime, closeTime, open, high: open, low: close, close, volume: '1.5', trades, isClosed: true };
}

describe('KrakenLiveStream against a fake Kraken server', () => {
  let server: FakeKrakenServer;
  let stream: KrakenLiveStream;
  const trades: StreamTrade[] = [];
  const klines: StreamKline[] = [];
  /** The service's clock of the stream (it closes candles by it): the host's, shifted to the test's time. */
  let shiftMs = 0;
  const serviceTimeAt = (iso: string): void => {
    shiftMs = Date.parse(iso) - Date.now();
  };
  // The fake sends nothing unasked: silence limit far above a busy machine's pauses, but in silence tests.
  let silenceMs = 60_000;

  beforeEach(async () => {
    shiftMs = 0;
    trades.length = 0;
    klines.length = 0;
    server = await FakeKrakenServer.start();
    const inner = new ExchangeLiveStream({
      wsBaseUrl: server.url,
      symbol: 'btcusdt',
      wireFormat: krakenWireFormat,
      silenceMs,
      maxConnectionAgeMs: 60_000,
      reconnectInitialMs: 20,
      reconnectMaxMs: 100,
      connectionsPer5Minutes: 60,
      healthyAfterMs: 1000,
      now: () => Date.now() + shiftMs,
    });
    // The REST seed of the current 12 h: hours 00:00 to 04:00 of the day, closed.
    stream = new KrakenLiveStream(inner, () =>
      Promise.resolve([
        hour(0, '61000.1', '61100.0', 4),
        hour(1, '61100.0', '60900.5', 2),
        hour(4, '60900.5', '61000.0', 1),
      ]),
    );
    stream.on('trade', (trade) => trades.push(trade));
    stream.on('kline', (kline) => klines.push(kline));
    stream.start();
    await server.waitFor(1, 8);
  });

  afterEach(async () => {
    await stream.close();
    await server.stop();
  });

  it('subscribes to trades first, then to the ohlc channel of every native interval', () => {
    const requests = server.received.map(
      (text) => JSON.parse(text) as { params: { channel: string; interval?: number } },
    );
    expect(requests.map((request) => [request.params.channel, request.params.interval])).toEqual([
      ['trade', undefined],
      ['ohlc', 1],
      ['ohlc', 5],
      ['ohlc', 15],
      ['ohlc', 30],
      ['ohlc', 60],
      ['ohlc', 240],
      ['ohlc', 1440],
    ]);
    expect(server.received[0]).toBe(
      '{"method":"subscribe","params":{"channel":"trade","symbol":["BTC/USDT"],"snapshot":true},"req_id":1}',
    );
  });

  it('delivers trades with the digits Kraken wrote and kline pushes with exact trade ids', async () => {
    serviceTimeAt('2024-03-01T05:01:00.300Z');
    const pushed = nextEvent(stream, 'kline', (push) => push.interval === '1m');
    server.trades('snapshot', [
      { id: 100, price: '97123.4', qty: '0.5', time: '2024-03-01T05:00:59.900000Z' },
      { id: 101, price: '97123.45', qty: '0.00000001', time: '2024-03-01T05:01:00.100000Z' },
    ]);
    const candle = {
      begin: '2024-03-01T05:01:00.000000000Z',
      high: '97123.45',
      low: '97123.45',
      volume: '0.00000001',
    };
    server.candles('update', '2024-03-01T05:01:00.200000Z', [
      { ...candle, interval: 1, open: '97123.45', close: '97123.45', trades: 2 },
    ]);
    expect(await pushed).toEqual({
      interval: '1m',
      eventTime: Date.parse('2024-03-01T05:01:00.200Z'),
      openTime: Date.parse('2024-03-01T05:01:00.000Z'),
      // The connection saw trade 100 before the candle began, so the candle's first trade is 101 and
      // its last is 101 + 2 - 1, whichever channel delivers first.
      firstTradeId: 101,
      lastTradeId: 102,
      kline: {
        openTime: '2024-03-01T05:01:00.000Z',
        closeTime: '2024-03-01T05:01:59.999Z',
        open: '97123.45',
        high: '97123.45',
        low: '97123.45',
        close: '97123.45',
        volume: '0.00000001',
        trades: 2,
        isClosed: false,
      },
    });
    expect(trades.map((trade) => [trade.id, trade.price, trade.quantity])).toEqual([
      [100, '97123.4', '0.5'],
      [101, '97123.45', '0.00000001'],
    ]);
  });

  it('closes a candle once the next one of its interval begins', async () => {
    serviceTimeAt('2024-03-01T05:10:00.600Z');
    const base = { interval: 5, high: '2', low: '1', volume: '3', trades: 3 };
    server.candles('snapshot', '2024-03-01T05:06:00Z', [
      { ...base, begin: '2024-03-01T05:05:00Z', open: '1', close: '2' },
    ]);
    const closed = nextEvent(stream, 'kline', (push) => push.interval === '5m' && push.kline.isClosed);
    server.candles('update', '2024-03-01T05:10:00.5Z', [
      { ...base, begin: '2024-03-01T05:10:00Z', open: '2', close: '2', trades: 1 },
    ]);
    expect((await closed).kline).toMatchObject({
      openTime: '2024-03-01T05:05:00.000Z',
      close: '2',
      isClosed: true,
    });
    // The same frame then opens the next candle.
    expect(
      klines
        .filter((push) => push.interval === '5m')
        .map((push) => [push.kline.openTime, push.kline.isClosed]),
    ).toEqual([
      ['2024-03-01T05:05:00.000Z', false],
      ['2024-03-01T05:05:00.000Z', true],
      ['2024-03-01T05:10:00.000Z', false],
    ]);
  });

  it('merges 6h and 12h exactly from the REST hours and the live 1h candle', async () => {
    serviceTimeAt('2024-03-01T05:31:00.500Z');
    const candle = {
      interval: 60,
      begin: '2024-03-01T05:00:00Z',
      open: '61000.0',
      high: '61250.5',
      low: '60999.9',
      close: '61200.0',
      volume: '0.25',
    };
    server.candles('update', '2024-03-01T05:30:00Z', [{ ...candle, trades: 5 }]); // starts the REST seed
    const sixHours = nextEvent(stream, 'kline', (push) => push.interval === '6h');
    const twelveHours = nextEvent(stream, 'kline', (push) => push.interval === '12h');
    const poll = setInterval(() => {
      server.candles('update', '2024-03-01T05:31:00Z', [{ ...candle, trades: 6 }]);
    }, 50);
    try {
      const merged = {
        open: '61000.1',
        high: '61250.5',
        low: '60900.5',
        close: '61200.0',
        volume: '4.75',
        trades: 13,
      };
      expect((await sixHours).kline).toEqual({
        openTime: '2024-03-01T00:00:00.000Z',
        closeTime: '2024-03-01T05:59:59.999Z',
        ...merged,
        isClosed: false,
      });
      expect((await twelveHours).kline).toMatchObject({
        openTime: '2024-03-01T00:00:00.000Z',
        closeTime: '2024-03-01T11:59:59.999Z',
        ...merged,
      });
    } finally {
      clearInterval(poll);
    }
  });

  describe('with a silence period of 400 ms', () => {
    beforeAll(() => (silenceMs = 400));
    afterAll(() => (silenceMs = 60_000));

    it('takes heartbeats as a live connection', async () => {
      const disconnected = jest.fn();
      stream.on('disconnected', disconnected);
      // Heartbeats alone for three silence periods (400 ms): counted as sent, so a busy machine only slows them.
      for (let sent = 0; sent < 24; sent += 1) {
        server.heartbeat();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(disconnected).not.toHaveBeenCalled();
    });

    it('counts a heartbeat that came while its event loop was stalled past the silence period', async () => {
      const disconnected = jest.fn();
      stream.on('disconnected', disconnected);
      const stalledUntil = Date.now() + 600; // a blocked event loop (GC, a busy machine), beyond silenceMs 400
      while (Date.now() < stalledUntil);
      server.heartbeat();
      for (let sent = 0; sent < 4; sent += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        server.heartbeat();
      }
      expect(disconnected).not.toHaveBeenCalled();
    });
  });

  it('reports the connection dead when Kraken says it matches no orders (maintenance)', async () => {
    const disconnected = nextEvent(stream, 'disconnected');
    server.broadcast(
      '{"channel":"status","data":[{"api_version":"v2","connection_id":2,"system":"maintenance","version":"2.0.0"}],"type":"update"}',
    );
    expect((await disconnected).reason).toBe('unavailable:maintenance');
    await server.waitFor(2);
  });

  it('reports a cut connection and reconnects, subscribing again', async () => {
    const disconnected = nextEvent(stream, 'disconnected');
    server.dropAll();
    expect((await disconnected).reason).toMatch(/^closed:/);
    await server.waitFor(2, 16);
  });
});
