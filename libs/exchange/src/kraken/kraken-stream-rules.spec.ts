import type { LiveStreamEvents, StreamKline } from '../live-stream';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import type { StreamWireFormat } from '../stream/wire-format';
import { FakeKrakenServer } from '../testing/fake-kraken-server';
import { nextEvent } from '../testing/next-event';
import { CLOSE_GRACE_MS } from './kraken-candles';
import { KRAKEN_PING, krakenWireFormat } from './kraken-wire-format';

// Kraken's rules as its Spot WebSocket v2 docs state them (docs.kraken.com/exchange/api-reference/
// spot-websocket-v2: ohlc, ping, subscribe acknowledgements), against the fake server.

const TUNING = {
  silenceMs: 2_000,
  maxConnectionAgeMs: 60_000,
  reconnectInitialMs: 20,
  reconnectMaxMs: 100,
  connectionsPer5Minutes: 60,
  healthyAfterMs: 1000,
};

/** A 5m candle of the fake server's shape. */
const candle = (begin: string, close: string, trades = 3) => ({
  interval: 5,
  begin,
  open: '61000.1',
  high: '61010.0',
  low: '60990.5',
  close,
  volume: '1.25',
  trades,
});

describe("Kraken's live stream rules", () => {
  let server: FakeKrakenServer;
  let stream: ExchangeLiveStream | undefined;
  const klines: StreamKline[] = [];
  let alive = 0;
  /** The service's clock of the stream (candles close by it): the host's, shifted to the test's time. */
  let shiftMs = 0;
  const serviceTimeAt = (iso: string): void => {
    shiftMs = Date.parse(iso) - Date.now();
  };

  function open(wireFormat: StreamWireFormat = krakenWireFormat): ExchangeLiveStream {
    const opened = new ExchangeLiveStream({
      ...TUNING,
      wsBaseUrl: server.url,
      symbol: 'btcusdt',
      wireFormat,
      now: () => Date.now() + shiftMs,
    });
    opened.on('kline', (push) => klines.push(push));
    opened.on('alive', () => {
      alive += 1;
    });
    opened.start();
    stream = opened;
    return opened;
  }

  beforeEach(async () => {
    klines.length = 0;
    alive = 0;
    shiftMs = 0;
    server = await FakeKrakenServer.start();
  });

  afterEach(async () => {
    await stream?.close();
    stream = undefined;
    await server.stop();
  });

  it("serves the snapshot candles whose interval has ended closed at connect (the service's clock says so)", async () => {
    serviceTimeAt('2023-10-04T16:26:01.900Z');
    const live = open();
    await server.waitFor(1, 8);
    const pushed = nextEvent(live, 'kline', (push) => push.openTime === Date.parse('2023-10-04T15:30:00Z'));
    // The documented snapshot's times: sent at 16:26:01, its newest candle ended at 15:35.
    server.candles('snapshot', '2023-10-04T16:26:01.806315597Z', [
      candle('2023-10-04T15:25:00.000000000Z', '61000.0'),
      candle('2023-10-04T15:30:00.000000000Z', '61005.5', 13),
    ]);
    await pushed;
    expect(klines.map((push) => [push.kline.openTime, push.kline.isClosed])).toEqual([
      ['2023-10-04T15:25:00.000Z', true],
      ['2023-10-04T15:30:00.000Z', true],
    ]);
  });

  it('keeps a candle open however many frames claim a time past its end', async () => {
    serviceTimeAt('2024-03-01T05:06:00.300Z');
    const live = open();
    await server.waitFor(1, 8);
    server.candles('update', '2024-03-01T05:06:00Z', [candle('2024-03-01T05:05:00Z', '61001.0')]);
    server.trades('update', [{ id: 1, price: '61001.0', qty: '0.1', time: '2024-03-01T05:06:00.100Z' }]);
    // Sixteen empty ohlc updates dated a day ahead, then a 1m candle in a frame dated 2200: no
    // number of them moves the service's clock, by which candles close.
    for (let i = 0; i < 16; i += 1) {
      server.broadcast('{"channel":"ohlc","type":"update","timestamp":"2024-03-02T05:06:00Z","data":[]}');
    }
    server.candles('update', '2200-01-01T00:00:00Z', [
      { ...candle('2024-03-01T05:06:00Z', '61002.0', 1), interval: 1 },
    ]);
    const traded = nextEvent(live, 'trade', (trade) => trade.id === 2);
    server.trades('update', [{ id: 2, price: '61001.5', qty: '0.1', time: '2024-03-01T05:06:00.200Z' }]);
    await traded;
    // The 5m candle stays open (no closing push); the 2200 push itself the engine refuses.
    expect(klines.map((push) => [push.interval, push.kline.isClosed])).toEqual([['5m', false]]);
    expect(live.refusals()['time-ahead']).toBe(1);
  });

  it("closes a candle by the service's clock when no frame comes after its end", async () => {
    const sentAt = '2024-03-01T05:10:01.700Z'; // 300 ms before the candle closes
    serviceTimeAt(sentAt);
    const live = open();
    await server.waitFor(1, 8);
    server.candles('update', sentAt, [candle('2024-03-01T05:05:00Z', '61001.0')]);
    const closed = await nextEvent(live, 'kline', (push) => push.kline.isClosed);
    expect(closed.kline).toMatchObject({ openTime: '2024-03-01T05:05:00.000Z', close: '61001.0' });
    expect(closed.eventTime).toBeGreaterThanOrEqual(Date.parse('2024-03-01T05:10:00Z') + CLOSE_GRACE_MS);
    expect(klines.map((push) => push.kline.isClosed)).toEqual([false, true]);
  });

  it('takes empty snapshots as nothing yet, not as frames of another symbol', async () => {
    const live = open();
    await server.waitFor(1, 8);
    server.broadcast('{"channel":"trade","type":"snapshot","data":[]}');
    server.broadcast('{"channel":"ohlc","type":"snapshot","timestamp":"2024-03-01T05:00:00Z","data":[]}');
    const traded = nextEvent(live, 'trade');
    server.trades('update', [{ id: 7, price: '61000.5', qty: '0.1', time: '2024-03-01T05:00:01Z' }]);
    await traded;
    expect(live.counters()).toMatchObject({ unexpectedFrames: 0, malformedFrames: 0 });
  });

  it('refuses a number of more than 40 digits and a trades count not whole, counted, and reads on', async () => {
    const live = open();
    await server.waitFor(1, 8);
    // The 155-byte frame: `1e50000000` would be fifty million digits written out.
    server.broadcast(
      '{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"buy","price":1e50000000,' +
        '"qty":1,"ord_type":"market","trade_id":6,"timestamp":"2024-03-01T05:00:00Z"}]}',
    );
    server.candles('update', '2024-03-01T05:06:00Z', [
      { ...candle('2024-03-01T05:05:00Z', '61001.0'), trades: 12.5 },
    ]);
    const traded = nextEvent(live, 'trade');
    server.trades('update', [{ id: 7, price: '61000.5', qty: '0.1', time: '2024-03-01T05:06:01Z' }]);
    expect((await traded).id).toBe(7);
    expect(live.refusals()).toMatchObject({ 'number-length': 1, 'trade-count': 1 });
    expect(klines).toEqual([]);
  });

  it('pings with {"method":"ping"} every 30 s and takes the pong as a reply', async () => {
    expect(krakenWireFormat.ping.appPing).toEqual({ message: '{"method":"ping"}', everyMs: 30_000 });
    const live = open({
      ...krakenWireFormat,
      ping: { autoPong: true, appPing: { message: KRAKEN_PING, everyMs: 50 } },
    });
    await server.waitFor(1, 10);
    expect(server.received.filter((text) => text === '{"method":"ping"}').length).toBeGreaterThanOrEqual(2);
    expect(live.counters()).toMatchObject({ unexpectedFrames: 0, malformedFrames: 0, errorReplies: 0 });
  });

  it('ends the connection as dead when a subscription is refused, never live meanwhile', async () => {
    server.answerSubscription = (_channel, interval) => (interval === 1440 ? 'refuse' : 'ack');
    const live = open();
    const disconnected = await nextEvent(live, 'disconnected');
    expect(disconnected.reason).toBe('subscription:refused');
    expect(live.counters().errorReplies).toBeGreaterThanOrEqual(1);
    expect(alive).toBe(0);
  });

  it('ends the connection as dead when a subscription is never acknowledged, though heartbeats flow', async () => {
    server.answerSubscription = (channel) => (channel === 'trade' ? 'none' : 'ack');
    const live = open({ ...krakenWireFormat, subscriptionAcks: { withinMs: 300 } });
    const beat = setInterval(() => {
      server.heartbeat();
    }, 50);
    try {
      const disconnected: LiveStreamEvents['disconnected'] = await nextEvent(live, 'disconnected');
      expect(disconnected.reason).toBe('subscription:timeout');
      expect(alive).toBe(0);
    } finally {
      clearInterval(beat);
    }
  });

  it('is live once every subscription is acknowledged', async () => {
    const live = open();
    const first = nextEvent(live, 'alive');
    await server.waitFor(1, 8);
    server.heartbeat();
    await first;
    expect(alive).toBeGreaterThanOrEqual(1);
  });
});
