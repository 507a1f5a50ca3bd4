import type { WebSocket } from 'ws';
import { ApiException } from '../errors/api-exception';
import { SlowReaders } from './slow-readers';
import { StreamConnection } from './stream-connection';
import { formatOf } from './stream-format';
import { STREAM_ROUTES, type StreamRoute } from './stream-route';

/** The part of a ws socket a connection uses, recording what it was asked to do. */
class RecordingSocket {
  bufferedAmount = 0;
  readonly sent: string[] = [];
  closed: { code: number; reason: string } | undefined;
  pings = 0;
  terminated = false;

  send(data: Buffer | string): void {
    this.sent.push(String(data));
  }

  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }

  ping(): void {
    this.pings += 1;
  }

  terminate(): void {
    this.terminated = true;
  }
}

const HIGH_WATER = 1000;
const M1 = Date.parse('2026-11-22T01:01:00.000Z');
const M2 = Date.parse('2026-11-22T01:02:00.000Z');
const kline = (openTime: number, close: string, isClosed = false): string =>
  JSON.stringify({ openTime: new Date(openTime).toISOString(), close, isClosed });

function live(route: StreamRoute, slow = new SlowReaders(1000, () => undefined)) {
  const socket = new RecordingSocket();
  const tally = { open: 1, sent: 0 };
  const context = { highWaterBytes: HIGH_WATER, slowReaders: slow };
  const connection = new StreamConnection('c1', socket as unknown as WebSocket, route, context, tally);
  const generation = connection.beginSync();
  connection.completeSync('snapshot', generation);
  socket.sent.length = 0;
  const push = (message: string): void => {
    const format = formatOf(route.kind);
    connection.push(format.keyOf(message), message, Buffer.from(format.frameOf(message)));
  };
  return { socket, connection, push, slow, tally };
}

describe('StreamConnection', () => {
  it('should send each update at once while the reader keeps up', () => {
    const { socket, push } = live(STREAM_ROUTES.currentPrice);
    push('{"price":"1"}');
    push('{"price":"2"}');
    expect(socket.sent).toEqual(['{"price":"1"}', '{"price":"2"}']);
  });

  it('should hold updates back while syncing and drop them when the snapshot comes', () => {
    const { socket, connection, push } = live(STREAM_ROUTES.currentPrice);
    const generation = connection.beginSync();
    push('{"price":"stale"}');
    expect(socket.sent).toEqual([]);
    expect(connection.completeSync('{"price":"fresh"}', generation - 1)).toBe(false);
    expect(connection.completeSync('{"price":"fresh"}', generation)).toBe(true);
    push('{"price":"next"}');
    expect(socket.sent).toEqual(['{"price":"fresh"}', '{"price":"next"}']);
  });

  it('should conflate a slow price reader to the latest value and flush it once drained', () => {
    const { socket, connection, push, slow } = live(STREAM_ROUTES.currentPrice);
    socket.bufferedAmount = HIGH_WATER + 1;
    for (let price = 0; price < 1000; price += 1) push(`{"price":"${price}"}`);
    expect(socket.sent).toEqual([]);
    expect(slow.size).toBe(1);
    socket.bufferedAmount = 0;
    slow.sweep(Date.now());
    expect(socket.sent).toEqual(['{"price":"999"}']);
    expect(connection.behindSince).toBeUndefined();
    expect(slow.size).toBe(0);
    slow.stop();
  });

  it('should keep the closed kline before the new open one when conflating /klines/current', () => {
    const { socket, connection, push } = live(STREAM_ROUTES.currentKline);
    socket.bufferedAmount = HIGH_WATER + 1;
    push(kline(M1, 'a'));
    push(kline(M1, 'b', true));
    push(kline(M2, 'c'));
    push(kline(M2, 'd'));
    socket.bufferedAmount = 0;
    expect(connection.drain(Date.now())).toBe(true);
    expect(socket.sent).toEqual([kline(M1, 'b', true), kline(M2, 'd')]);
  });

  it('should merge a /klines backlog into one delta frame', () => {
    const { socket, connection, push } = live(STREAM_ROUTES.klines);
    connection.follow({ kind: 'klines', symbol: 'btcusdt', interval: '1m', window: { limit: 500 } });
    socket.bufferedAmount = HIGH_WATER + 1;
    push(kline(M2, 'x'));
    push(kline(M1, 'y', true));
    socket.bufferedAmount = 0;
    connection.drain(Date.now());
    expect(socket.sent).toEqual([`{"klines":[${kline(M1, 'y', true)},${kline(M2, 'x')}]}`]);
  });

  it("should count every frame it sends in its operation's tally, the snapshot included", () => {
    const { socket, push, tally } = live(STREAM_ROUTES.currentPrice);
    expect(tally.sent).toBe(1);
    push('{"price":"1"}');
    socket.bufferedAmount = HIGH_WATER + 1;
    push('{"price":"2"}');
    expect(tally.sent).toBe(2);
  });

  it('should push only klines in range and close normally once the range is over', () => {
    const { socket, connection, push } = live(STREAM_ROUTES.klines);
    connection.follow({ kind: 'klines', symbol: 'btcusdt', interval: '1m', window: { limit: 5, to: M1 } });
    push(kline(M1 - 60_000, 'old', true));
    push(kline(M1, 'in'));
    push(kline(M2, 'after'));
    push(kline(M2, 'after-2'));
    expect(socket.sent).toEqual([
      `{"klines":[${kline(M1 - 60_000, 'old', true)}]}`,
      `{"klines":[${kline(M1, 'in')}]}`,
    ]);
    expect(socket.closed).toEqual({ code: 1000, reason: 'range complete' });
  });

  it('should hand a reader behind for the timeout to be closed', () => {
    const timedOut: StreamConnection[] = [];
    const slow = new SlowReaders(1000, (connection) => timedOut.push(connection));
    const { socket, connection, push } = live(STREAM_ROUTES.currentPrice, slow);
    socket.bufferedAmount = HIGH_WATER + 1;
    push('{"price":"1"}');
    const since = connection.behindSince ?? 0;
    slow.sweep(since + 999);
    expect(timedOut).toEqual([]);
    slow.sweep(since + 1000);
    expect(timedOut).toEqual([connection]);
    expect(slow.size).toBe(0);
  });

  it('should send the error frame, then close with the mapped code', () => {
    const { socket, connection } = live(STREAM_ROUTES.currentPrice);
    connection.reject(ApiException.invalidApiKey());
    expect(socket.sent).toEqual(['{"code":"UNAUTHORIZED","message":"Invalid API key"}']);
    expect(socket.closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(connection.sentCloseCode).toBe(4401);
  });

  it('should drop a peer that left two pings unanswered, and keep one that answers', () => {
    const { socket, connection } = live(STREAM_ROUTES.currentPrice);
    connection.heartbeat();
    connection.unansweredPings = 0; // a pong came
    connection.heartbeat();
    connection.heartbeat();
    expect(socket.terminated).toBe(false);
    connection.heartbeat();
    expect(socket.pings).toBe(3);
    expect(socket.terminated).toBe(true);
  });
});
