import type WebSocket from 'ws';
import { FakeWsServer, listenLocally } from './fake-ws-server';

export interface FakeKrakenTrade {
  readonly id: number;
  /** Written into the JSON as a number literal, exactly as given (`97123.4`). */
  readonly price: string;
  readonly qty: string;
  readonly time: string;
}

export interface FakeKrakenCandle {
  readonly interval: number;
  readonly begin: string;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly trades: number;
}

interface KrakenRequest {
  readonly method?: string;
  readonly req_id?: number;
  readonly params?: { readonly channel?: string; readonly interval?: number };
}

/**
 * The Kraken twin of FakeBinanceServer, for the live stream's own specs: a tiny WebSocket server in
 * Kraken's Spot WebSocket v2 format (numbers as JSON numbers, heartbeats, acknowledgements). It
 * records what clients send, so a spec can check the subscribe requests.
 */
/** How the server answers a subscribe request: acknowledged, refused, or never answered. */
export type SubscriptionAnswer = 'ack' | 'refuse' | 'none';

export class FakeKrakenServer extends FakeWsServer {
  readonly received: string[] = [];
  /** Decides each subscribe request's answer (by its channel and interval); all acknowledged by default. */
  answerSubscription: (channel: string, interval?: number) => SubscriptionAnswer = () => 'ack';
  private connections = 0;

  static async start(): Promise<FakeKrakenServer> {
    return new FakeKrakenServer(await listenLocally());
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/v2`;
  }

  /** Resolves once `count` connections have been accepted and have sent `requests` messages in all. */
  async waitFor(count: number, requests = 0, timeoutMs = 10_000): Promise<void> {
    await this.waitUntil(
      () => this.connections >= count && this.received.length >= requests,
      () => `only ${this.connections} connections`,
      timeoutMs,
    );
  }

  trades(type: 'snapshot' | 'update', trades: readonly FakeKrakenTrade[]): void {
    const data = trades.map(
      (t) =>
        `{"symbol":"BTC/USDT","side":"buy","price":${t.price},"qty":${t.qty},"ord_type":"market","trade_id":${t.id},"timestamp":"${t.time}"}`,
    );
    this.broadcast(`{"channel":"trade","type":"${type}","data":[${data.join(',')}]}`);
  }

  candles(type: 'snapshot' | 'update', timestamp: string, candles: readonly FakeKrakenCandle[]): void {
    const data = candles.map(
      (c) =>
        `{"symbol":"BTC/USDT","open":${c.open},"high":${c.high},"low":${c.low},"close":${c.close},"trades":${c.trades},` +
        `"volume":${c.volume},"vwap":${c.close},"interval_begin":"${c.begin}","interval":${c.interval}}`,
    );
    this.broadcast(
      `{"channel":"ohlc","type":"${type}","timestamp":"${timestamp}","data":[${data.join(',')}]}`,
    );
  }

  heartbeat(): void {
    this.broadcast('{"channel":"heartbeat"}');
  }

  protected accepted(socket: WebSocket): void {
    this.connections += 1;
    this.send(
      socket,
      '{"channel":"status","data":[{"api_version":"v2","connection_id":1,"system":"online","version":"2.0.0"}],"type":"update"}',
    );
    socket.on('message', (data) => {
      const text = (data as Buffer).toString('utf8');
      this.received.push(text);
      this.answer(socket, JSON.parse(text) as KrakenRequest);
    });
  }

  /** Kraken's replies (docs: spot-websocket-v2 subscribe acknowledgement, ping). */
  private answer(socket: WebSocket, request: KrakenRequest): void {
    // Without time_in/time_out: the specs' frames set the exchange's clock alone.
    if (request.method === 'ping') {
      this.send(socket, JSON.stringify({ method: 'pong', req_id: request.req_id }));
      return;
    }
    if (request.method !== 'subscribe') return;
    const answer = this.answerSubscription(request.params?.channel ?? '', request.params?.interval);
    if (answer === 'ack') {
      this.send(socket, JSON.stringify({ method: 'subscribe', success: true, req_id: request.req_id }));
    } else if (answer === 'refuse') {
      const error = 'Currency pair not supported BTC/USDT';
      this.send(
        socket,
        JSON.stringify({ error, method: 'subscribe', success: false, req_id: request.req_id }),
      );
    }
  }
}
