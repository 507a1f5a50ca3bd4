import { type RunningApp, spawnApp } from '@pds/testing';
import { StreamClient } from './stream-client';

const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY_VIOLATION = 1008;

describe('exchange-sim server limits, as Binance sets them', () => {
  let sim: RunningApp;
  let ws: string;
  const clients: StreamClient[] = [];

  async function connect(path: string): Promise<StreamClient> {
    const client = await StreamClient.open(`${ws}${path}`);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    sim = await spawnApp('exchange-sim', {
      SIM_TRADES_PER_SECOND: '20',
      SIM_WS_MESSAGES_PER_SECOND: '0',
      SIM_CONNECTION_LIFETIME_MS: '2000',
    });
    ws = `ws://127.0.0.1:${sim.port}`;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await sim.stop();
  });

  it('accepts an unknown stream and sends nothing on it', async () => {
    const client = await connect('/stream?streams=btcusdt@depth/ethusdt@trade/btcusdt@trade');
    // Five events in, every one of them is of the stream the sim has events for.
    await client.next(() => client.frames.length >= 5);
    expect(new Set(client.frames.map((frame) => frame.stream))).toEqual(new Set(['btcusdt@trade']));
  });

  it('accepts /ws/<anything> followed by a SUBSCRIBE, as ccxt connects', async () => {
    const client = await connect('/ws/0a1b2c3d');
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 });
    expect(await client.next((frame) => frame.id === 1)).toEqual({ result: null, id: 1 });
    expect(await client.next((frame) => frame.e === 'trade')).toMatchObject({ s: 'BTCUSDT' });
  });

  it('closes a connection that subscribes beyond 1024 streams', async () => {
    const client = await connect('/ws');
    const params = Array.from({ length: 1025 }, (_, index) => `s${index}usdt@trade`);
    client.send({ method: 'SUBSCRIBE', params, id: 1 });
    expect(await client.closed()).toBe(CLOSE_POLICY_VIOLATION);
  });

  it('refuses more than 1024 streams on the URL with HTTP 400', async () => {
    const streams = Array.from({ length: 1025 }, (_, index) => `s${index}@trade`).join('/');
    await expect(StreamClient.open(`${ws}/ws/${streams}`)).rejects.toThrow('400');
  });

  it('cuts every connection at the end of its lifetime', async () => {
    const client = await connect('/ws/btcusdt@trade');
    await client.next((frame) => frame.e === 'trade');
    expect(await client.closed()).toBe(CLOSE_GOING_AWAY);
  });
});

describe('exchange-sim connection rate per address', () => {
  let sim: RunningApp;

  beforeAll(async () => {
    sim = await spawnApp('exchange-sim', {
      SIM_TRADES_PER_SECOND: '0',
      SIM_WS_CONNECTIONS_PER_5_MINUTES: '3',
    });
  });

  afterAll(async () => {
    await sim.stop();
  });

  it('refuses the connection over the limit with HTTP 429, closed ones counting too', async () => {
    const ws = `ws://127.0.0.1:${sim.port}/ws/btcusdt@trade`;
    const first = await StreamClient.open(ws);
    await first.close();
    const open = [await StreamClient.open(ws), await StreamClient.open(ws)];
    await expect(StreamClient.open(ws)).rejects.toThrow('429');
    await Promise.all(open.map((client) => client.close()));
  });
});
