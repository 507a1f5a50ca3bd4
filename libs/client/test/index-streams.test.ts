import { eventually } from '@pds/testing';
import {
  type IndexPrice,
  IndexUnavailableError,
  type Kline,
  type PriceDataClient,
  type PriceDataStream,
  ServiceUnavailableError,
  type StreamKind,
  type StreamKinds,
  type StreamMessage,
} from '../src';
import { type ClientStack, startClientStack } from './support/client-stack';
import { keptSockets, record, snapshots } from './support/stream-recorder';

/** Feeds connecting and seconds passing on two busy cores: generous. */
const WAIT_MS = 60_000;
const EXCHANGES = ['binance', 'binance-us', 'kraken'];
/** 8 decimals: Binance's scale, the finest of the included prices (docs/index.md, rule 5). */
const BINANCE_DECIMAL = /^\d+\.\d{8}$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const SECOND = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

function expectKlineShape(kline: Kline): void {
  expect(kline).toEqual({
    openTime: expect.stringMatching(/:00\.000Z$/) as unknown,
    closeTime: expect.stringMatching(/:59\.999Z$/) as unknown,
    open: expect.stringMatching(BINANCE_DECIMAL) as unknown,
    high: expect.stringMatching(BINANCE_DECIMAL) as unknown,
    low: expect.stringMatching(BINANCE_DECIMAL) as unknown,
    close: expect.stringMatching(BINANCE_DECIMAL) as unknown,
    volume: expect.stringMatching(DECIMAL) as unknown,
    trades: expect.any(Number) as unknown,
    isClosed: expect.any(Boolean) as unknown,
  });
}

/**
 * The index resource of a second with a value (docs/index.md), its sources in configured order, each
 * included or saying why not. Kraken's simulator has quiet minutes (no trade: no price, or one over
 * 30 s old), so only Binance and Binance.US are sure to be included.
 */
function expectValuedSecond(index: IndexPrice): void {
  expect(Object.keys(index)).toEqual(['price', 'time', 'confidence', 'sources']);
  expect(index.price).toMatch(BINANCE_DECIMAL);
  expect(index.confidence).toMatch(BINANCE_DECIMAL);
  expect(index.time).toMatch(SECOND);
  for (const source of index.sources) {
    expect(source).toEqual({
      exchange: expect.stringMatching(/^(binance|binance-us|kraken)$/) as unknown,
      price: expect.stringMatching(DECIMAL) as unknown,
      time: expect.any(String) as unknown,
      included: source.reason === undefined,
      ...(source.reason === undefined ? {} : { reason: expect.any(String) as unknown }),
    });
  }
  const listed: string[] = index.sources.map((source) => source.exchange);
  expect(listed).toEqual(EXCHANGES.filter((exchange) => listed.includes(exchange)));
  expect(index.sources.filter((source) => source.included).length).toBeGreaterThanOrEqual(2);
}

const times = (messages: readonly StreamMessage<'index'>[]) => messages.map((message) => message.data.time);

/**
 * The client's index streams (docs/index.md) through the real processes: Binance, Binance.US and
 * Kraken simulators trading, an ingestor following all three, the gateway and Redis. The index has
 * a value each second from the first; the last test makes two exchanges dark and lights them again.
 */
describe('the client against the real stack: the index', () => {
  let stack: ClientStack;
  const streams: Pick<PriceDataStream<StreamKind>, 'close'>[] = [];
  /** A stream of this stack, closed after its test even when the test fails (it would reconnect for ever). */
  const openStream = <K extends StreamKind>(
    client: PriceDataClient,
    kind: K,
    params: StreamKinds[K]['params'],
  ) => {
    const stream = client.stream(kind, params);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    stack = await startClientStack('client-index', { indexSources: true });
  });

  afterEach(() => Promise.all(streams.splice(0).map((stream) => stream.close())));

  afterAll(() => stack.stop());

  it('should stream the index current: a snapshot, then one update a second, as getIndex serves it', async () => {
    const client = stack.client();
    const stream = openStream(client, 'index', {});
    const recorded = record(stream);
    await recorded.until(() => recorded.messages.length >= 4, 'a snapshot and three updates', WAIT_MS);

    expect(recorded.messages.map((message) => message.type)).toEqual([
      'snapshot',
      ...recorded.messages.slice(1).map(() => 'update'),
    ]);
    for (const { data } of recorded.messages) expectValuedSecond(data);
    const seconds = recorded.messages.slice(0, 4).map((message) => Date.parse(message.data.time));
    expect(seconds.slice(1).map((second, index) => second - (seconds[index] ?? 0))).toEqual([
      1000, 1000, 1000,
    ]);

    // The REST answer is the newest second: the stream delivers that same second, equal.
    const answer = await client.getIndex();
    expect([answer.status, answer.rateLimit?.limit]).toEqual([200, 10_000]);
    expectValuedSecond(answer.data);
    await recorded.until(
      () => times(recorded.messages).includes(answer.data.time),
      'the stream to deliver the second getIndex served',
      WAIT_MS,
    );
    expect(recorded.messages.find((message) => message.data.time === answer.data.time)?.data).toEqual(
      answer.data,
    );
  });

  it('should stream the index klines: the latest klines, then the open one each second, as getIndexKlines serves them', async () => {
    const client = stack.client();
    const stream = openStream(client, 'indexKlines', { interval: '1m', limit: 3 });
    const recorded = record(stream);
    await recorded.until(() => recorded.messages.length >= 4, 'a snapshot and three updates', WAIT_MS);

    const [snapshot, ...updates] = recorded.messages;
    expect(snapshot?.type).toBe('snapshot');
    expect(updates.every((message) => message.type === 'update')).toBe(true);
    const first = snapshot!.data.klines;
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(first.length).toBeLessThanOrEqual(3);
    expect(first.at(-1)?.isClosed).toBe(false);
    for (const { data } of recorded.messages) data.klines.forEach(expectKlineShape);
    // Each second with a value adds one to the open kline's `trades` (the seconds it covers).
    const opens = updates.flatMap((message) => message.data.klines.filter((kline) => !kline.isClosed));
    for (const [index, kline] of opens.slice(1).entries()) {
      const before = opens[index]!;
      if (before.openTime === kline.openTime) expect(kline.trades).toBe(before.trades + 1);
    }
    // The window upserts what was delivered: its newest kline is the last one pushed.
    const last = recorded.messages.at(-1)!;
    expect([stream.klines.at(-1), last.window]).toEqual([last.data.klines.at(-1), stream.klines]);

    // The service's latest klines are the window's, once the window has caught up with them.
    const served = (await client.getIndexKlines({ interval: '1m', limit: 3 })).data.klines;
    const caughtUp = () =>
      served.every((kline) =>
        stream.klines.some((kept) => kept.openTime === kline.openTime && kept.trades >= kline.trades),
      );
    await recorded.until(caughtUp, 'the window to hold the served klines', WAIT_MS);
    const closed = served.filter((kline) => kline.isClosed);
    expect(stream.klines.filter((kline) => closed.some((each) => each.openTime === kline.openTime))).toEqual(
      closed,
    );
    const openTime = served[0]!.openTime;
    const range = await client.getIndexKlines({ interval: '1m', from: openTime, to: openTime });
    expect(range.data.klines.map((kline) => kline.openTime)).toEqual([openTime]);
  });

  it('should throw IndexUnavailableError and deliver no frame for a second without a value, staying open, while two exchanges are dark', async () => {
    const watched = keptSockets();
    const client = stack.client({ webSocket: watched.factory, retry: { maxRetries: 0 } });
    const stream = openStream(client, 'index', {});
    const recorded = record(stream);
    await recorded.until(() => recorded.messages.length > 0, 'the snapshot', WAIT_MS);

    await Promise.all(stack.standbys.map((sim) => sim.dark('cut')));
    const unavailable = () => watched.sent.frames.find((frame) => frame.code === 'INDEX_UNAVAILABLE');
    await watched.sent.until(() => unavailable() !== undefined, 'the INDEX_UNAVAILABLE frame', WAIT_MS);
    const { message } = unavailable() as { message: string };
    expect(message).toMatch(/^No index at \S+: 1 source\(s\) live; at least 2 are needed$/);
    const darkSecond = /^No index at (\S+):/.exec(message)?.[1] ?? '';

    const refused = await eventually(
      () =>
        client.getIndex().then(
          () => undefined,
          (error: unknown) => error,
        ),
      'getIndex refused',
      WAIT_MS,
    );
    expect(refused).toBeInstanceOf(IndexUnavailableError);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'INDEX_UNAVAILABLE',
      retryAfterSeconds: 1,
      message: expect.stringContaining('1 source(s) live') as unknown,
    });
    // The klines stay served: only before the first value is there nothing to answer.
    expect((await client.getIndexKlines({ interval: '1m' })).data.klines.length).toBeGreaterThan(0);

    // A stream opened now gets the unavailable second as its first frame: not a snapshot to deliver.
    const late = keptSockets();
    const lateStream = openStream(stack.client({ webSocket: late.factory }), 'index', {});
    const lateRecord = record(lateStream);
    await late.sent.until(
      () => late.sent.frames.length > 0,
      'the first frame of a stream opened dark',
      WAIT_MS,
    );
    expect(late.sent.frames[0]).toMatchObject({ code: 'INDEX_UNAVAILABLE' });
    expect([lateStream.state, lateRecord.messages]).toEqual(['connecting', []]);

    await Promise.all(stack.standbys.map((sim) => sim.light()));
    await recorded.until(
      () => times(recorded.messages).some((time) => time > darkSecond),
      'a value again',
      WAIT_MS,
    );
    await lateRecord.until(() => lateRecord.messages.length > 0, 'the late stream’s snapshot', WAIT_MS);

    // The unavailable seconds were sent and not delivered; every delivered frame is a value.
    expect(times(recorded.messages)).not.toContain(darkSecond);
    const valued = watched.sent.frames.filter((frame) => frame.code === undefined);
    expect(recorded.messages.map((delivered) => delivered.data)).toEqual(valued);
    for (const { data } of recorded.messages) expectValuedSecond(data);
    // One connection throughout: no close, no reconnect, no error, one snapshot.
    expect([recorded.disconnects, recorded.reconnects, recorded.errors]).toEqual([[], [], []]);
    expect([recorded.connects, snapshots(recorded), stream.state]).toEqual([[0], 1, 'live']);
    expect(watched.sockets).toHaveLength(1);
    expect(lateRecord.messages[0]?.type).toBe('snapshot');
    expectValuedSecond(lateRecord.messages[0]!.data);
    expect([lateRecord.connects, lateRecord.disconnects, late.sockets.length]).toEqual([[0], [], 1]);
  });
});
