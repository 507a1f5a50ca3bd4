import { addDecimals, INTERVALS, withScale } from '@pds/market';
import { type RunningApp, spawnApp } from '@pds/testing';
import { type Frame, StreamClient } from './stream-client';

const DAY = 86_400_000;
/**
 * Sim time left before midnight when the sim starts: enough to start and connect on a busy machine
 * (start-up alone takes over 5 s at a load of 20 on two cores), short to wait.
 */
const LEAD_MS = 15_000;

interface StreamKline {
  t: number;
  T: number;
  i: string;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
  x: boolean;
  q: string;
  V: string;
  Q: string;
}

type Row = [number, string, string, string, string, string, number, string, number, string, string, string];

/** The REST row the stream's final kline must equal, field for field. */
function asRow(k: StreamKline): Row {
  return [k.t, k.o, k.h, k.l, k.c, k.v, k.T, k.q, k.n, k.V, k.Q, '0'];
}

describe('exchange-sim kline closes', () => {
  let sim: RunningApp;
  let client: StreamClient;
  let base: string;

  beforeAll(async () => {
    // Start the sim's clock just before a UTC midnight, where all nine intervals close at once.
    const now = Date.now();
    const offset = Math.ceil((now + LEAD_MS) / DAY) * DAY - LEAD_MS - now;
    sim = await spawnApp('exchange-sim', {
      SIM_CLOCK_OFFSET_MS: String(offset),
      SIM_TRADES_PER_SECOND: '20',
      SIM_KLINE_PUSH_MS: '500',
    });
    base = `http://127.0.0.1:${sim.port}`;
    const streams = INTERVALS.map((interval) => `btcusdt@kline_${interval}`).join('/');
    client = await StreamClient.open(`ws://127.0.0.1:${sim.port}/stream?streams=${streams}`);
  });

  afterAll(async () => {
    await client.close();
    await sim.stop();
  });

  it('pushes open klines, then the final kline of every interval at its close, equal to REST', async () => {
    const open = await client.next((frame) => !(frame.data as { k: StreamKline }).k.x);
    expect(open.stream).toMatch(/^btcusdt@kline_/);
    const finals = await Promise.all(
      INTERVALS.map((interval) =>
        client.next(
          (frame: Frame) =>
            frame.stream === `btcusdt@kline_${interval}` && (frame.data as { k: StreamKline }).k.x,
        ),
      ),
    );
    const midnight = Math.ceil(((finals[0]?.data as { k: StreamKline }).k.T + 1) / DAY) * DAY;
    for (const frame of finals) {
      const kline = (frame.data as { k: StreamKline }).k;
      expect(kline.T).toBe(midnight - 1);
      const response = await fetch(
        `${base}/api/v3/klines?symbol=BTCUSDT&interval=${kline.i}&startTime=${kline.t}&limit=1`,
      );
      expect(await response.json()).toEqual([asRow(kline)]);
    }
  });

  it('makes the closed day the sum of its closed hours, live minutes included', async () => {
    const day = (
      await client.next(
        (frame) => frame.stream === 'btcusdt@kline_1d' && (frame.data as { k: StreamKline }).k.x,
      )
    ).data as { k: StreamKline };
    const hours = (await (
      await fetch(`${base}/api/v3/klines?symbol=BTCUSDT&interval=1h&startTime=${day.k.t}&endTime=${day.k.T}`)
    ).json()) as Row[];
    expect(hours).toHaveLength(24);
    expect(hours[0]?.[1]).toBe(day.k.o);
    expect(hours[23]?.[4]).toBe(day.k.c);
    expect(withScale(hours.map((row) => row[5]).reduce(addDecimals), 8)).toBe(day.k.v);
    expect(hours.reduce((sum, row) => sum + row[8], 0)).toBe(day.k.n);
  });
});
