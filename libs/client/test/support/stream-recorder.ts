import { WebSocket } from 'ws';
import type {
  DisconnectEvent,
  Kline,
  PriceDataClient,
  PriceDataStream,
  PriceDataError,
  StreamKind,
  StreamMessage,
  WebSocketFactory,
  WebSocketLike,
} from '../../src';

/** Everything a stream told its listeners, in order, and a bounded wait for what is still to come. */
export interface StreamRecord<K extends StreamKind> {
  readonly messages: StreamMessage<K>[];
  readonly disconnects: DisconnectEvent[];
  readonly connects: number[];
  readonly reconnects: number[];
  readonly errors: PriceDataError[];
  closed: boolean;
  /** Resolves once `done()` holds, checked after every event; rejects after `timeoutMs`. */
  until(done: () => boolean, what: string, timeoutMs?: number): Promise<void>;
}

export function record<K extends StreamKind>(stream: PriceDataStream<K>): StreamRecord<K> {
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const recorded: StreamRecord<K> = {
    messages: [],
    disconnects: [],
    connects: [],
    reconnects: [],
    errors: [],
    closed: false,
    until: (done, what, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
  stream.on('message', (message) => recorded.messages.push(message));
  stream.on('disconnect', (event) => recorded.disconnects.push(event));
  stream.on('connect', ({ attempt }) => recorded.connects.push(attempt));
  stream.on('reconnect', ({ attempt }) => recorded.reconnects.push(attempt));
  stream.on('error', (error) => recorded.errors.push(error));
  stream.on('close', () => (recorded.closed = true));
  for (const name of ['message', 'disconnect', 'connect', 'reconnect', 'error', 'close'] as const) {
    stream.on(name, wake);
  }
  return recorded;
}

export const snapshots = <K extends StreamKind>(recorded: StreamRecord<K>) =>
  recorded.messages.filter((message) => message.type === 'snapshot').length;

/** A `ws` socket factory that keeps each socket, so that a test can reach its TCP connection. */
export function keptSockets(): { factory: WebSocketFactory; sockets: WebSocket[] } {
  const sockets: WebSocket[] = [];
  const factory: WebSocketFactory = (url, apiKey) => {
    const socket = new WebSocket(url, { headers: apiKey === undefined ? {} : { 'x-api-key': apiKey } });
    sockets.push(socket);
    return socket as unknown as WebSocketLike;
  };
  return { factory, sockets };
}

/**
 * The window's closed klines: one per openTime, one minute apart with none missing, and equal to
 * what the service answers over HTTP for the same range.
 */
export async function expectConsistentWindow(
  window: readonly Kline[],
  client: PriceDataClient,
): Promise<void> {
  const openTimes = window.map((kline) => kline.openTime);
  expect(new Set(openTimes).size).toBe(openTimes.length);
  const closed = window.filter((kline) => kline.isClosed);
  expect(closed.length).toBeGreaterThan(1);
  const steps = closed
    .slice(1)
    .map((kline, index) => Date.parse(kline.openTime) - Date.parse(closed[index]!.openTime));
  expect(new Set(steps)).toEqual(new Set([60_000]));
  const served = await client.getKlines({
    interval: '1m',
    from: closed[0]!.openTime,
    to: closed.at(-1)!.openTime,
    limit: 1000,
  });
  expect(closed).toEqual(served.data.klines);
}
