import { type RunningApp, spawnApp } from '@pds/testing';
import type { ClientOptions } from 'ws';
import { payload, postJson, StreamClient } from './stream-client';

const KLINE_FIELDS = ['t', 'T', 's', 'i', 'f', 'L', 'o', 'c', 'h', 'l', 'v', 'n', 'x', 'q', 'V', 'Q', 'B'];
const DECIMAL_8 = /^\d+\.\d{8}$/;

describe('exchange-sim streams', () => {
  let sim: RunningApp;
  let http: string;
  let ws: string;
  const clients: StreamClient[] = [];

  async function connect(path: string, options?: ClientOptions): Promise<StreamClient> {
    const client = await StreamClient.open(`${ws}${path}`, options);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    sim = await spawnApp('exchange-sim', {
      SIM_TRADES_PER_SECOND: '20',
      SIM_KLINE_PUSH_MS: '300',
      SIM_PING_INTERVAL_MS: '300',
      SIM_PONG_TIMEOUT_MS: '1500',
      SIM_SHUTDOWN_GRACE_MS: '500',
      SIM_WS_MESSAGES_PER_SECOND: '0',
    });
    http = `http://127.0.0.1:${sim.port}`;
    ws = `ws://127.0.0.1:${sim.port}`;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await sim.stop();
  });

  it('wraps combined streams as {"stream", "data"} with Binance trade and aggTrade payloads', async () => {
    const client = await connect('/stream?streams=btcusdt@trade/btcusdt@aggTrade');
    const trade = await client.next((frame) => frame.stream === 'btcusdt@trade');
    expect(Object.keys(trade)).toEqual(['stream', 'data']);
    const data = payload(trade);
    expect(Object.keys(data)).toEqual(['e', 'E', 's', 't', 'p', 'q', 'T', 'm', 'M']);
    expect(data).toMatchObject({ e: 'trade', s: 'BTCUSDT', M: true });
    expect(data.p).toMatch(DECIMAL_8);
    expect(data.q).toMatch(DECIMAL_8);
    const aggregate = payload(await client.next((frame) => frame.stream === 'btcusdt@aggTrade'));
    expect(Object.keys(aggregate)).toEqual(['e', 'E', 's', 'a', 'p', 'q', 'f', 'l', 'T', 'm', 'M']);
    expect(aggregate.f).toBe(aggregate.l);
  });

  it('streams an injected trade with its exact price string on a raw stream', async () => {
    const client = await connect('/ws/btcusdt@trade');
    const injected = await postJson(http, '/sim/trade', { price: '123456.78000000', qty: '0.50000000' });
    const trade = await client.next((frame) => frame.t === injected.id);
    expect(trade).toMatchObject({
      e: 'trade',
      p: '123456.78000000',
      q: '0.50000000',
      T: injected.time,
      m: false,
    });
    const ticker = (await (await fetch(`${http}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    expect(ticker.price).toMatch(DECIMAL_8);
  });

  it('answers SUBSCRIBE, LIST_SUBSCRIPTIONS and bad requests as Binance does, then pushes klines', async () => {
    const client = await connect('/ws');
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@kline_1m', 'btcusdt@kline_1d'], id: 1 });
    expect(await client.next((frame) => frame.id === 1)).toEqual({ result: null, id: 1 });
    client.send({ method: 'LIST_SUBSCRIPTIONS', id: 3 });
    expect(await client.next((frame) => frame.id === 3)).toEqual({
      result: ['btcusdt@kline_1m', 'btcusdt@kline_1d'],
      id: 3,
    });
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@kline_1m', 42], id: 4 });
    expect(await client.next((frame) => frame.id === 4)).toEqual({
      error: { code: 2, msg: 'Invalid request: invalid stream' },
      id: 4,
    });
    const kline = await client.next((frame) => frame.e === 'kline' && (frame.k as { i: string }).i === '1d');
    expect(Object.keys(kline)).toEqual(['e', 'E', 's', 'k']);
    expect(Object.keys(kline.k as object)).toEqual(KLINE_FIELDS);
    expect(kline.k).toMatchObject({ s: 'BTCUSDT', i: '1d', x: false, B: '0' });
    client.send({ method: 'UNSUBSCRIBE', params: ['btcusdt@kline_1d'], id: 5 });
    expect(await client.next((frame) => frame.id === 5)).toEqual({ result: null, id: 5 });
  });

  it('refuses a path that is not a stream endpoint at the upgrade', async () => {
    await expect(StreamClient.open(`${ws}/other`)).rejects.toThrow('404');
  });

  it('drops every stream connection on /sim/disconnect', async () => {
    const first = await connect('/ws/btcusdt@trade');
    const second = await connect('/stream?streams=btcusdt@kline_1m');
    const answer = await postJson(http, '/sim/disconnect');
    expect(answer.disconnected).toBeGreaterThanOrEqual(2);
    await Promise.all([first.closed(), second.closed()]);
    const stats = (await (await fetch(`${http}/sim/stats`)).json()) as { streamConnections: number };
    expect(stats.streamConnections).toBe(0);
  });

  it('sends nothing during /sim/silence while the market goes on', async () => {
    const client = await connect('/ws/btcusdt@trade');
    await client.next((frame) => frame.e === 'trade');
    const silence = await postJson(http, '/sim/silence', { ms: 1500 });
    const silencedUntil = silence.silencedUntil as number;
    const muted = await postJson(http, '/sim/trade', { price: '97000.00000000', qty: '0.00100000' });
    const resumed = await client.next((frame) => frame.e === 'trade' && (frame.T as number) >= silencedUntil);
    expect(resumed.t as number).toBeGreaterThan(muted.id as number);
    const tradeTimes = client.frames.filter((frame) => frame.e === 'trade').map((frame) => frame.T as number);
    // Nothing booked inside the silence went out (a margin either side for the booking/publishing instant).
    expect(tradeTimes.filter((time) => time > silencedUntil - 1450 && time < silencedUntil - 50)).toEqual([]);
    expect(client.frames.some((frame) => frame.t === muted.id)).toBe(false);
    const rows = (await (
      await fetch(`${http}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=2`)
    ).json()) as unknown[][];
    expect(rows.length).toBe(2);
  });

  it('announces serverShutdown in each framing, then closes the connection after the grace period', async () => {
    const raw = await connect('/ws/btcusdt@trade');
    const combined = await connect('/stream?streams=btcusdt@trade');
    await postJson(http, '/sim/shutdown-notice');
    const rawNotice = await raw.next((frame) => frame.e === 'serverShutdown');
    expect(Object.keys(rawNotice)).toEqual(['e', 'E']);
    const combinedNotice = await combined.next((frame) => frame.stream === '!serverShutdown');
    expect(payload(combinedNotice)).toMatchObject({ e: 'serverShutdown' });
    expect(await raw.closed()).toBe(1001);
  });

  it('sends a malformed frame on /sim/malformed', async () => {
    const client = await connect('/ws/btcusdt@trade');
    const sent = await postJson(http, '/sim/malformed', { kind: 'invalid-json' });
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const malformed = await client.nextRaw((text) => text === '{"e":"trade","E":');
    expect(() => JSON.parse(malformed) as unknown).toThrow();
    // The stream goes on after it.
    const count = client.frames.length;
    await client.next((frame) => frame.e === 'trade' && client.frames.indexOf(frame) >= count);
  });

  it('pings, and drops a client whose pongs stop', async () => {
    const ponging = await connect('/ws/btcusdt@trade');
    await new Promise((resolve) => ponging.socket.once('ping', resolve));
    const silent = await connect('/ws/btcusdt@trade', { autoPong: false });
    await new Promise((resolve) => silent.socket.once('ping', resolve));
    expect(await silent.closed()).toBe(1006);
    expect(ponging.socket.readyState).toBe(ponging.socket.OPEN);
  });
});
