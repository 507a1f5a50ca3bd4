import { addDecimals, maxDecimal, minDecimal, withScale } from '@pds/market';
import { type RunningApp, spawnApp } from '@pds/testing';
import { postJson } from './stream-client';

type Row = [number, string, string, string, string, string, number, string, number, string, string, string];
const MINUTE = 60_000;
const DECIMAL_8 = /^\d+\.\d{8}$/;

async function get(base: string, path: string): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function klines(base: string, query: string): Promise<Row[]> {
  const { status, body } = await get(base, `/api/v3/klines?symbol=BTCUSDT&${query}`);
  expect(status).toBe(200);
  return body as Row[];
}

describe('exchange-sim REST', () => {
  let sim: RunningApp;
  let twin: RunningApp;
  let other: RunningApp;
  let base: string;

  beforeAll(async () => {
    [sim, twin, other] = await Promise.all([
      spawnApp('exchange-sim', { SIM_SEED: '11', SIM_TRADES_PER_SECOND: '5' }),
      spawnApp('exchange-sim', { SIM_SEED: '11', SIM_TRADES_PER_SECOND: '5' }),
      spawnApp('exchange-sim', { SIM_SEED: '12', SIM_TRADES_PER_SECOND: '5' }),
    ]);
    base = `http://127.0.0.1:${sim.port}`;
  });

  afterAll(async () => {
    await Promise.all([sim.stop(), twin.stop(), other.stop()]);
  });

  it('serves Binance kline rows with the used-weight header', async () => {
    const response = await get(base, '/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=5');
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-mbx-used-weight-1m'))).toBeGreaterThanOrEqual(2);
    const rows = response.body as Row[];
    expect(rows).toHaveLength(5);
    rows.forEach((row, index) => {
      expect(row).toHaveLength(12);
      const [
        openTime,
        open,
        high,
        low,
        close,
        volume,
        closeTime,
        quote,
        trades,
        takerBase,
        takerQuote,
        unused,
      ] = row;
      expect(closeTime).toBe(openTime + MINUTE - 1);
      for (const decimal of [open, high, low, close, volume, quote, takerBase, takerQuote])
        expect(decimal).toMatch(DECIMAL_8);
      expect(Number.isInteger(trades)).toBe(true);
      expect(unused).toBe('0');
      if (index > 0) expect(openTime).toBe((rows[index - 1] as Row)[0] + MINUTE);
    });
  });

  it('follows Binance window rules: latest, from startTime, back from endTime', async () => {
    const { serverTime } = (await get(base, '/api/v3/time')).body as { serverTime: number };
    const latest = await klines(base, 'interval=1m&limit=3');
    // The last row is the minute still open, as on Binance.
    expect(latest.at(-1)?.[0]).toBeGreaterThanOrEqual(Math.floor(serverTime / MINUTE) * MINUTE);
    const start = Date.parse('2024-05-01T00:00:00.000Z');
    const forward = await klines(base, `interval=1h&startTime=${start + 1}&limit=2`);
    expect(forward.map((row) => row[0])).toEqual([start + 3_600_000, start + 7_200_000]);
    const backward = await klines(base, `interval=1h&endTime=${start}&limit=2`);
    expect(backward.map((row) => row[0])).toEqual([start - 3_600_000, start]);
    const both = await klines(base, `interval=15m&startTime=${start}&endTime=${start + 45 * MINUTE}`);
    expect(both).toHaveLength(4);
  });

  it('has nothing before the listing and starts the history on 2017-08-17', async () => {
    expect(await klines(base, `interval=1d&endTime=${Date.parse('2017-08-16T00:00:00.000Z')}`)).toEqual([]);
    const first = await klines(base, 'interval=1d&startTime=0&limit=1000');
    expect(first).toHaveLength(1000);
    expect(first[0]?.[0]).toBe(Date.parse('2017-08-17T00:00:00.000Z'));
    expect(first[1]?.[0]).toBe(Date.parse('2017-08-18T00:00:00.000Z'));
    expect(await klines(base, 'interval=1d&limit=1000')).toHaveLength(1000);
  });

  it('aggregates consistently: a 5m row is its five 1m rows', async () => {
    const start = Date.parse('2023-02-03T04:05:00.000Z');
    const [five] = await klines(base, `interval=5m&startTime=${start}&limit=1`);
    const ones = await klines(base, `interval=1m&startTime=${start}&limit=5`);
    expect(five?.[1]).toBe(ones[0]?.[1]);
    expect(five?.[4]).toBe(ones[4]?.[4]);
    expect(five?.[2]).toBe(ones.map((row) => row[2]).reduce(maxDecimal));
    expect(five?.[3]).toBe(ones.map((row) => row[3]).reduce(minDecimal));
    expect(five?.[5]).toBe(withScale(ones.map((row) => row[5]).reduce(addDecimals), 8));
    expect(five?.[8]).toBe(ones.reduce((sum, row) => sum + row[8], 0));
  });

  it('gives the same history for the same seed and another for another seed', async () => {
    const query = 'interval=1d&startTime=0&limit=300';
    const mine = await klines(base, query);
    expect(await klines(`http://127.0.0.1:${twin.port}`, query)).toEqual(mine);
    expect(await klines(`http://127.0.0.1:${other.port}`, query)).not.toEqual(mine);
  });

  it('answers bad requests with Binance error codes and HTTP 400', async () => {
    const cases: [string, number][] = [
      ['symbol=ETHUSDT&interval=1m', -1121],
      ['symbol=BTCUSDT&interval=1w', -1120],
      ['interval=1m', -1102],
      ['symbol=BTCUSDT&interval=1m&limit=5000', -1130],
      ['symbol=BTCUSDT&interval=1m&startTime=yesterday', -1100],
    ];
    for (const [query, code] of cases) {
      const response = await get(base, `/api/v3/klines?${query}`);
      expect(response.status).toBe(400);
      expect((response.body as { code: number }).code).toBe(code);
      expect(response.headers.get('x-mbx-used-weight-1m')).not.toBeNull();
    }
  });

  it('serves price and time', async () => {
    expect((await get(base, '/api/v3/ticker/price?symbol=BTCUSDT')).body).toEqual({
      symbol: 'BTCUSDT',
      price: expect.stringMatching(DECIMAL_8) as unknown,
    });
    const time = await get(base, '/api/v3/time');
    expect(typeof (time.body as { serverTime: unknown }).serverTime).toBe('number');
  });

  it('answers 429 with Retry-After once the weight budget is spent, then 418 to a client that keeps on', async () => {
    await postJson(base, '/sim/weight-budget', { perMinute: 4 });
    await postJson(base, '/sim/stats/reset');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof get>> | undefined;
    while (statuses.length < 50 && !statuses.includes(418)) {
      const response = await get(base, '/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1');
      statuses.push(response.status);
      limited ??= response.status === 429 ? response : undefined;
    }
    expect(limited?.body).toEqual({
      code: -1003,
      msg: 'Too much request weight used; current limit is 4 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.',
    });
    const retryAfter = Number(limited?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(statuses.at(-1)).toBe(418);
    const stats = (await get(base, '/sim/stats')).body as Record<string, number>;
    expect(stats.rateLimited).toBeGreaterThanOrEqual(3);
    expect(stats.banned).toBe(1);
    expect(stats.restRequests).toBe(statuses.length);
    expect(stats.klinesRequests).toBe(statuses.length);
    await postJson(base, '/sim/weight-budget', { perMinute: 6000 });
    await postJson(base, '/sim/stats/reset');
    expect((await get(base, '/api/v3/time')).status).toBe(200);
  });
});
