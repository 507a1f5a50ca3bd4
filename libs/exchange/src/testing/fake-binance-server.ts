import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { closeTimeOf, type Interval, openTimeOf } from '@pds/market';
import type WebSocket from 'ws';
import { FakeWsServer, listenLocally } from './fake-ws-server';

export interface FakeTrade {
  readonly id: number;
  readonly price: string;
  readonly quantity: string;
  readonly time: number;
}

export interface FakeKline {
  readonly interval: Interval;
  readonly openTime: number;
  readonly firstTradeId: number;
  readonly lastTradeId: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly trades: number;
  readonly isClosed: boolean;
  readonly eventTime?: number;
}

/**
 * A tiny stand-in for Binance's combined market stream, for tests: it speaks the documented wire
 * format (`{"stream":…,"data":…}`) and can drop, silence and announce shutdown like the real one.
 * It stays beside the simulator (apps/exchange-sim, the fake every app and end-to-end test uses)
 * for the live stream's own specs alone: they script exact frames (a kline with chosen fields and
 * event time, raw bytes, pings) in-process at a unit test's pace, which the simulator's seeded
 * market and HTTP controls cannot, and a lib's tests must not start an app.
 */
export class FakeBinanceServer extends FakeWsServer {
  readonly connectionUrls: string[] = [];
  private silentUntil = 0;
  private nextTradeId = 1000;

  static async start(): Promise<FakeBinanceServer> {
    return new FakeBinanceServer(await listenLocally());
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  get openConnections(): number {
    return this.sockets.size;
  }

  /** Resolves once `count` connections have been accepted in total. */
  async waitForConnections(count: number, timeoutMs = 10_000): Promise<void> {
    await this.waitUntil(
      () => this.connectionUrls.length >= count,
      () => `only ${this.connectionUrls.length} connections`,
      timeoutMs,
    );
  }

  trade(price: string, quantity: string, time = Date.now(), id = this.nextTradeId++): FakeTrade {
    this.nextTradeId = Math.max(this.nextTradeId, id + 1);
    const data = {
      e: 'trade',
      E: time,
      s: 'BTCUSDT',
      t: id,
      p: price,
      q: quantity,
      T: time,
      m: false,
      M: true,
    };
    this.broadcast(JSON.stringify({ stream: 'btcusdt@trade', data }));
    return { id, price, quantity, time };
  }

  kline(kline: FakeKline): void {
    const { interval, openTime } = kline;
    const k = {
      t: openTime,
      T: closeTimeOf(openTime, interval),
      s: 'BTCUSDT',
      i: interval,
      f: kline.firstTradeId,
      L: kline.lastTradeId,
      o: kline.open,
      c: kline.close,
      h: kline.high,
      l: kline.low,
      v: kline.volume,
      n: kline.trades,
      x: kline.isClosed,
      q: '0',
      V: '0',
      Q: '0',
      B: '0',
    };
    const data = { e: 'kline', E: kline.eventTime ?? Date.now(), s: 'BTCUSDT', k };
    this.broadcast(JSON.stringify({ stream: `btcusdt@kline_${interval}`, data }));
  }

  override broadcast(text: string): void {
    if (Date.now() < this.silentUntil) return;
    super.broadcast(text);
  }

  shutdownNotice(): void {
    this.broadcast(JSON.stringify({ event: { e: 'serverShutdown', E: Date.now() } }));
  }

  /** Sends nothing (not even pings) for `ms`, while keeping the connections open. */
  silence(ms: number): void {
    this.silentUntil = Date.now() + ms;
  }

  /** Pings every connection and resolves with the payloads of the pongs received. */
  async pingAll(payload: string): Promise<string[]> {
    const pongs = [...this.sockets].map(async (socket) => {
      const pong = once(socket, 'pong') as Promise<[Buffer]>;
      socket.ping(payload);
      const [data] = await pong;
      return data.toString('utf8');
    });
    return Promise.all(pongs);
  }

  protected accepted(_socket: WebSocket, request: IncomingMessage): void {
    this.connectionUrls.push(request.url ?? '');
  }
}

/** The open time of `interval` that contains `time`, for building kline pushes. */
export function openTimeFor(time: number, interval: Interval): number {
  return openTimeOf(time, interval);
}
