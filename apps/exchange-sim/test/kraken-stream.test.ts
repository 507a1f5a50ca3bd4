import { type Sim, startExchangeSim } from '@pds/testing';
import { type Frame, StreamClient } from './stream-client';

const RFC3339_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const RFC3339_NANOS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

describe('exchange-sim as Kraken: Spot WebSocket v2', () => {
  let sim: Sim;
  const clients: StreamClient[] = [];

  async function connect(): Promise<StreamClient> {
    const client = await StreamClient.open(`${sim.wsUrl}/v2`);
    clients.push(client);
    return client;
  }

  const isAck = (reqId: number) => (frame: Frame) => frame.req_id === reqId && frame.success === true;

  beforeAll(async () => {
    sim = await startExchangeSim({ SIM_EXCHANGE: 'kraken' });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await sim.app.stop();
  });

  it('says its status on connect and acknowledges a trade subscription with a snapshot, then updates', async () => {
    const client = await connect();
    const status = await client.next((frame) => frame.channel === 'status');
    expect(status).toMatchObject({ type: 'update', data: [{ api_version: 'v2', system: 'online' }] });
    expect(client.rawFrames[0]).toMatch(/"connection_id":\d+,/);
    const before = await sim.trade('97123.40', '0.50000');
    client.send({ method: 'subscribe', params: { channel: 'trade', symbol: ['BTC/USDT'] }, req_id: 7 });
    const ack = await client.next(isAck(7));
    expect(Object.keys(ack)).toEqual(['method', 'result', 'success', 'time_in', 'time_out', 'req_id']);
    expect(ack.result).toEqual({ channel: 'trade', snapshot: true, symbol: 'BTC/USDT' });
    expect(ack.time_in).toMatch(RFC3339_MICROS);
    const snapshot = await client.next((frame) => frame.channel === 'trade' && frame.type === 'snapshot');
    expect(snapshot.data).toEqual([
      {
        symbol: 'BTC/USDT',
        side: 'buy',
        price: 97123.4,
        qty: 0.5,
        ord_type: before.id % 3 === 0 ? 'market' : 'limit',
        trade_id: before.id,
        timestamp: new Date(before.time).toISOString().replace('Z', '000Z'),
      },
    ]);
    const after = await sim.trade('97123.10', '0.00123');
    const raw = await client.nextRaw((text) => text.includes(`"trade_id":${after.id}`));
    // The numbers keep the exchange's digits in the text itself.
    expect(raw).toContain('"price":97123.1,"qty":0.00123,');
    expect(raw).toMatch(/^\{"channel":"trade","type":"update","data":\[/);
  });

  it('streams ohlc candles: snapshot of the latest entries, then an update per trade, numbers as printed', async () => {
    const client = await connect();
    client.send({
      method: 'subscribe',
      params: { channel: 'ohlc', symbol: ['BTC/USDT'], interval: 5 },
      req_id: 9,
    });
    const ack = await client.next(isAck(9));
    expect(ack.result).toEqual({ channel: 'ohlc', interval: 5, snapshot: true, symbol: 'BTC/USDT' });
    const snapshot = await client.next((frame) => frame.channel === 'ohlc' && frame.type === 'snapshot');
    const candles = snapshot.data as Frame[];
    expect(candles.length).toBeGreaterThan(100);
    expect(candles.length).toBeLessThanOrEqual(720);
    const candle = candles.at(-1) as Frame;
    expect(Object.keys(candle)).toEqual([
      'symbol',
      'open',
      'high',
      'low',
      'close',
      'trades',
      'volume',
      'vwap',
      'interval_begin',
      'interval',
      'timestamp',
    ]);
    expect(candle.interval_begin).toMatch(RFC3339_NANOS);
    expect(candle.timestamp).toMatch(RFC3339_MICROS);
    const trade = await sim.trade('96000.20', '1.25000');
    const raw = await client.nextRaw(
      (text) => text.includes('"type":"update"') && text.includes('"close":96000.2,'),
    );
    expect(raw).toMatch(/"interval":5,/);
    const update = JSON.parse(raw) as { data: Frame[] };
    const begin = Math.floor(trade.time / 300_000) * 300_000;
    expect(update.data[0]?.interval_begin).toBe(new Date(begin).toISOString().replace('Z', '000000Z'));
  });

  it('sends a heartbeat about every second once subscribed, answers ping, and refuses what Kraken refuses', async () => {
    const client = await connect();
    client.send({ method: 'ping', req_id: 1 });
    expect(await client.next((frame) => frame.method === 'pong')).toMatchObject({ req_id: 1 });
    client.send({ method: 'subscribe', params: { channel: 'trade', symbol: ['ETH/USD'] }, req_id: 2 });
    expect(await client.next((frame) => frame.req_id === 2)).toMatchObject({
      method: 'subscribe',
      success: false,
      error: 'Currency pair not supported ETH/USD',
      symbol: 'ETH/USD',
    });
    client.send({
      method: 'subscribe',
      params: { channel: 'ohlc', symbol: ['BTC/USDT'], interval: 360 },
      req_id: 3,
    });
    expect(await client.next((frame) => frame.req_id === 3)).toMatchObject({
      success: false,
      error: 'Invalid interval',
    });
    client.send({
      method: 'subscribe',
      params: { channel: 'trade', symbol: ['BTC/USDT'], snapshot: false },
      req_id: 4,
    });
    await client.next(isAck(4));
    await client.next((frame) => frame.channel === 'heartbeat');
    const first = client.frames.findIndex((frame) => frame.channel === 'heartbeat');
    await client.next((frame) => frame.channel === 'heartbeat' && client.frames.indexOf(frame) > first);
    expect(client.rawFrames).toContain('{"channel":"heartbeat"}');
    client.send({ method: 'unsubscribe', params: { channel: 'trade', symbol: ['BTC/USDT'] }, req_id: 5 });
    expect(await client.next(isAck(5))).toMatchObject({ result: { channel: 'trade', symbol: 'BTC/USDT' } });
  });
});
