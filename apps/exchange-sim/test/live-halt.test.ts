import { eventually, type RunningApp, spawnApp } from '@pds/testing';
import { payload, postJson, StreamClient } from './stream-client';

const MINUTE = 60_000;
/** The sim starts this long before a minute boundary, so a halt spans one within seconds. */
const LEAD_MS = 5000;

type Row = [number, string, string, string, string, string, number, ...unknown[]];

describe('exchange-sim live halt (POST /sim/halt, POST /sim/resume)', () => {
  let sim: RunningApp;
  let http: string;

  beforeAll(async () => {
    const now = Date.now();
    const offset = Math.ceil((now + LEAD_MS) / MINUTE) * MINUTE - LEAD_MS - now;
    sim = await spawnApp('exchange-sim', {
      SIM_TRADES_PER_SECOND: '20',
      SIM_CLOCK_OFFSET_MS: String(offset),
    });
    http = `http://127.0.0.1:${sim.port}`;
  });

  afterAll(async () => {
    await sim.stop();
  });

  const simTime = async (): Promise<number> =>
    ((await (await fetch(`${http}/api/v3/time`)).json()) as { serverTime: number }).serverTime;
  const klines = async (query: string): Promise<Row[]> =>
    (await (await fetch(`${http}/api/v3/klines?symbol=BTCUSDT&${query}`)).json()) as Row[];

  it('stops trades and klines, cuts the kline at the halt and resumes with an off-grid kline', async () => {
    const client = await StreamClient.open(`ws://127.0.0.1:${sim.port}/ws/btcusdt@trade`);
    await client.next((frame) => frame.e === 'trade');
    const { from } = (await postJson(http, '/sim/halt')) as { from: number };
    const refused = await fetch(`${http}/sim/trade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: '97000.00', qty: '0.1' }),
    });
    expect(refused.status).toBe(409);
    const boundary = (Math.floor(from / MINUTE) + 1) * MINUTE;
    await eventually(
      async () => ((await simTime()) >= boundary ? true : undefined),
      'a minute boundary',
      70_000,
    );
    const { to, realignAt } = (await postJson(http, '/sim/resume')) as { to: number; realignAt: number };
    expect(realignAt).toBe((Math.floor(to / MINUTE) + 1) * MINUTE);
    const resumed = payload(await client.next((frame) => typeof frame.T === 'number' && frame.T >= to));
    expect(resumed.e).toBe('trade');
    expect(client.frames.filter((frame) => (frame.T as number) >= from && (frame.T as number) < to)).toEqual(
      [],
    );
    await client.close();

    // Nothing during the halt: the cut kline, then the off-grid one that realigns at the next minute.
    const minutes = await klines(`interval=1m&startTime=${Math.floor(from / MINUTE) * MINUTE}&limit=2`);
    expect(minutes.map((row) => [row[0], row[6]])).toEqual([
      [Math.floor(from / MINUTE) * MINUTE, from - 1],
      [to, realignAt + 999],
    ]);
    const hours = await klines(`interval=1h&endTime=${to}&limit=2`);
    expect(hours.at(-1)?.[0]).toBe(to);
  });
});
