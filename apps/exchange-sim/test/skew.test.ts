import { type Sim, startExchangeSim } from '@pds/testing';
import { type Frame, payload, StreamClient } from './stream-client';

/** Trades in a row that must all print at the skew, not just one that happened to. */
const TRADES_CHECKED = 10;
/** How far a print may sit from where the skew puts it: the walk's moves over a few trades and noise. */
const TOLERANCE = 0.005;

interface Print {
  readonly stream: 'trade' | 'kline';
  readonly price: number;
}

/** The trade prices and kline closes of a Binance combined stream, in the order they came. */
function prints(client: StreamClient): Print[] {
  return client.frames.flatMap((frame: Frame): Print[] => {
    const data = payload(frame);
    if (data.e === 'trade') return [{ stream: 'trade', price: Number(data.p) }];
    const kline = data.k as Frame | undefined;
    return data.e === 'kline' && kline ? [{ stream: 'kline', price: Number(kline.c) }] : [];
  });
}

describe('exchange-sim: POST /sim/skew pushes one exchange away from the market', () => {
  let sim: Sim;
  let client: StreamClient;

  /**
   * The prints from the first one near `reference × ratio` after the first `since`, once `count` of
   * each stream have come from there.
   */
  async function printsNear(
    reference: number,
    ratio: number,
    since: number,
    count: number,
  ): Promise<Print[]> {
    const near = (print: Print): boolean => Math.abs(print.price / (reference * ratio) - 1) < TOLERANCE;
    let from = -1;
    await client.next(() => {
      const all = prints(client);
      from = all.findIndex((print, index) => index >= since && near(print));
      if (from < 0) return false;
      const after = all.slice(from);
      return ['trade', 'kline'].every((stream) => after.filter((p) => p.stream === stream).length >= count);
    }, 60_000);
    return prints(client).slice(from);
  }

  async function postSkew(body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${sim.restUrl}/sim/skew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  beforeAll(async () => {
    sim = await startExchangeSim({
      SIM_EXCHANGE: 'binance',
      SIM_TRADES_PER_SECOND: '20',
      SIM_KLINE_PUSH_MS: '250',
      SIM_WS_MESSAGES_PER_SECOND: '0',
    });
    client = await StreamClient.open(`${sim.wsUrl}/stream?streams=btcusdt@trade/btcusdt@kline_1m`);
  });

  afterAll(async () => {
    await client.close();
    await sim.app.stop();
  });

  it('answers the skew in force, 0 at start', async () => {
    expect(await (await fetch(`${sim.restUrl}/sim/skew`)).json()).toEqual({ bps: 0 });
  });

  it('moves every trade and kline of the stream 15 % up with 1500 bps, and back with 0', async () => {
    await client.next((frame) => payload(frame).e === 'trade');
    const reference = Number(
      ((await (await fetch(`${sim.restUrl}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as { price: string })
        .price,
    );
    const unskewed = prints(client).length;
    expect(await sim.skew(1500)).toBe(1500);
    expect(await (await fetch(`${sim.restUrl}/sim/skew`)).json()).toEqual({ bps: 1500 });
    const skewed = await printsNear(reference, 1.15, unskewed, TRADES_CHECKED);
    for (const print of skewed) expect(print.price / reference).toBeCloseTo(1.15, 2);
    const ticker = (await (await fetch(`${sim.restUrl}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    expect(Number(ticker.price) / reference).toBeCloseTo(1.15, 2);

    const skewedSoFar = prints(client).length;
    expect(await sim.skew(0)).toBe(0);
    const back = await printsNear(reference, 1, skewedSoFar, TRADES_CHECKED);
    for (const print of back) expect(print.price / reference).toBeCloseTo(1, 2);
  });

  it.each([
    [{ bps: 5001 }],
    [{ bps: -5001 }],
    [{ bps: 1.5 }],
    [{ bps: '1500' }],
    [{}],
    [{ bps: 10, extra: 1 }],
    [[1500]],
  ])('refuses %j with 400 and keeps the skew in force', async (body) => {
    await sim.skew(7);
    const answer = await postSkew(body);
    expect(answer.status).toBe(400);
    expect(await (await fetch(`${sim.restUrl}/sim/skew`)).json()).toEqual({ bps: 7 });
    await sim.skew(0);
  });
});
