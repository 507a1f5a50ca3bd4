import { WebSocket } from 'ws';
import { ApiException } from '../errors/api-exception';
import { nextArrival, textFrame, UpdateBatch } from './frames';
import { SlowReaders } from './slow-readers';
import { formatOf, STREAM_ROUTES, type StreamRoute } from './stream-request';
import { StreamSocket } from './stream-socket';

/** The payloads of complete unmasked frames written back to back (short ones, as in these tests). */
function payloadsOf(frames: Buffer): string[] {
  const payloads: string[] = [];
  for (let offset = 0; offset < frames.length;) {
    const length = frames[offset + 1] ?? 0;
    const header = length === 126 ? 4 : 2;
    const size = length === 126 ? frames.readUInt16BE(offset + 2) : length;
    payloads.push(frames.subarray(offset + header, offset + header + size).toString());
    offset += header + size;
  }
  return payloads;
}

/**
 * The parts of a ws socket and of the TCP socket under it that a connection uses, recording what it
 * was asked to do: `sent` holds every text frame, whichever way it went out.
 */
class RecordingSocket {
  bufferedAmount = 0;
  readyState: number = WebSocket.OPEN;
  readonly sent: string[] = [];
  closed: { code: number; reason: string } | undefined;
  pings = 0;
  terminated = false;

  send(data: Buffer | string): void {
    this.sent.push(String(data));
  }

  writes = 0;

  write(frames: Buffer): void {
    this.writes += 1;
    this.sent.push(...payloadsOf(frames));
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

/** What a topic hands its sockets for these messages (framed as StreamTopic frames them). */
function batchOf(route: StreamRoute, messages: readonly string[]): UpdateBatch {
  const format = formatOf(route.kind);
  const updates = messages.map((message) => ({
    arrival: nextArrival(),
    key: format.keyOf(message),
    message,
    wire: textFrame(format.frameOf(message)),
  }));
  return new UpdateBatch(updates);
}
const M1 = Date.parse('2026-11-22T01:01:00.000Z');
const M2 = Date.parse('2026-11-22T01:02:00.000Z');
const kline = (openTime: number, close: string, isClosed = false): string =>
  JSON.stringify({ openTime: new Date(openTime).toISOString(), close, isClosed });

function live(route: StreamRoute, slow = new SlowReaders(1000, () => undefined)) {
  const socket = new RecordingSocket();
  const tally = { open: 1, sent: 0, conflated: 0, closes: new Map<number, number>() };
  const context = { highWaterBytes: HIGH_WATER, slowReaders: slow };
  const connection = new StreamSocket('c1', socket as unknown as WebSocket, socket, route, context, tally);
  const generation = connection.beginSync();
  connection.completeSync('snapshot', generation);
  socket.sent.length = 0;
  const push = (...messages: string[]): void => {
    connection.push(batchOf(route, messages));
  };
  return { socket, connection, push, slow, tally };
}

describe('StreamSocket', () => {
  it('should send each update at once while the reader keeps up', () => {
    const { socket, push } = live(STREAM_ROUTES.currentPrice);
    push('{"price":"1"}');
    push('{"price":"2"}');
    expect(socket.sent).toEqual(['{"price":"1"}', '{"price":"2"}']);
  });

  it('should write the updates of one flush to the socket in one write', () => {
    const { socket, push } = live(STREAM_ROUTES.currentPrice);
    push('{"price":"1"}', '{"price":"2"}', '{"price":"3"}');
    expect(socket.writes).toBe(1);
    expect(socket.sent).toEqual(['{"price":"1"}', '{"price":"2"}', '{"price":"3"}']);
  });

  it('should skip updates that arrived before its snapshot, even when they are flushed after it', () => {
    const { socket, connection } = live(STREAM_ROUTES.currentPrice);
    const generation = connection.beginSync();
    const before = batchOf(STREAM_ROUTES.currentPrice, ['{"price":"older"}']);
    connection.completeSync('{"price":"snapshot"}', generation);
    const after = batchOf(STREAM_ROUTES.currentPrice, ['{"price":"newer"}']);
    connection.push(new UpdateBatch([...before.updates, ...after.updates]));
    expect(socket.sent).toEqual(['{"price":"snapshot"}', '{"price":"newer"}']);
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
    const timedOut: StreamSocket[] = [];
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
