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

/** A bounded wait: resolves once `done()` holds, checked at each event; rejects after `timeoutMs`. */
export type Until = (done: () => boolean, what: string, timeoutMs?: number) => Promise<void>;

/** Everything a stream told its listeners, in order, and a bounded wait for what is still to come. */
export interface StreamRecord<K extends StreamKind> {
  readonly messages: StreamMessage<K>[];
  readonly disconnects: DisconnectEvent[];
  readonly connects: number[];
  readonly reconnects: number[];
  readonly errors: PriceDataError[];
  closed: boolean;
  readonly until: Until;
}

/** Bounded waits for a condition, checked again each time `wake` is called. */
function waiters(): { wake: () => void; until: Until } {
  const waiting = new Set<() => void>();
  return {
    wake: () => {
      for (const waiter of [...waiting]) waiter();
    },
    until: (done, what, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
  };
}

export function record<K extends StreamKind>(stream: PriceDataStream<K>): StreamRecord<K> {
  const { wake, until } = waiters();
  const recorded: StreamRecord<K> = {
    messages: [],
    disconnects: [],
    connects: [],
    reconnects: [],
    errors: [],
    closed: false,
    until,
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

/** Every frame the service sent on a test's sockets, parsed, whether the client delivered it or not. */
export interface SentFrames {
  readonly frames: Record<string, unknown>[];
  readonly until: Until;
}

/**
 * A `ws` socket factory that keeps each socket, so that a test can reach its TCP connection, and
 * every frame sent on them (`sent`), so that it can see what the client chose not to deliver.
 */
export function keptSockets(): { factory: WebSocketFactory; sockets: WebSocket[]; sent: SentFrames } {
  const sockets: WebSocket[] = [];
  const { wake, until } = waiters();
  const sent: SentFrames = { frames: [], until };
  const factory: WebSocketFactory = (url, apiKey) => {
    const socket = new WebSocket(url, { headers: apiKey === undefined ? {} : { 'x-api-key': apiKey } });
    sockets.push(socket);
    // Registered before the client's own handler: a frame is here before the client acts on it.
    socket.on('message', (data: Buffer) => {
      sent.frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
      wake();
    });
    return socket as unknown as WebSocketLike;
  };
  return { factory, sockets, sent };
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
