import { eventually, type Sim, startExchangeSim } from '@pds/testing';

type OhlcRow = [number, string, string, string, string, string, string, number];
interface Answer {
  readonly error: string[];
  readonly result?: { XBTUSDT: OhlcRow[]; last: number };
}

const MINUTE_MS = 60_000;
/** Sim time left before a minute boundary at start: enough to start on a busy machine. */
const LEAD_MS = 15_000;

describe('exchange-sim as Kraken: REST market data and its quirks', () => {
  let sim: Sim;

  async function get(path: string): Promise<{ status: number; answer: Answer }> {
    const response = await fetch(`${sim.restUrl}/0/public/${path}`);
    return { status: response.status, answer: (await response.json()) as Answer };
  }

  async function ohlc(query: string): Promise<{ rows: OhlcRow[]; last: number }> {
    const { answer } = await get(`OHLC?${query}`);
    expect(answer.error).toEqual([]);
    return { rows: answer.result?.XBTUSDT ?? [], last: answer.result?.last ?? 0 };
  }

  beforeAll(async () => {
    // The sim's clock starts just before a minute boundary, so a kline closes early in the test.
    const now = Date.now();
    const offset = Math.ceil((now + LEAD_MS) / MINUTE_MS) * MINUTE_MS - LEAD_MS - now;
    sim = await startExchangeSim({
      SIM_EXCHANGE: 'kraken',
      SIM_CLOCK_OFFSET_MS: String(offset),
      SIM_KRAKEN_COUNTER_MAX: '6',
      SIM_KRAKEN_REVISION_MS: '4000',
    });
  });

  beforeEach(async () => {
    await sim.post('/sim/stats/reset');
  });

  afterAll(async () => {
    await sim.app.stop();
  });

  // First: the sim started just before a minute boundary, so the trade's minute closes soon.
  it('reports a just-closed kline short of its volume, then revises it', async () => {
    const trade = await sim.trade('97100.00', '1.00000');
    const minute = Math.floor(trade.time / MINUTE_MS) * MINUTE_MS;
    const entry = async (): Promise<OhlcRow | undefined> =>
      (await ohlc(`pair=XBTUSDT&interval=1&since=${minute / 1000 - 1}`)).rows.find(
        (row) => row[0] === minute / 1000,
      );
    const whileOpen = await entry();
    // Another test file's calls could be counted: reset so the polling below stays within the counter.
    const closedEarly = await eventually(
      async () => {
        await sim.post('/sim/stats/reset');
        const { rows } = await ohlc('pair=XBTUSDT&interval=1');
        return rows.at(-1)?.[0] !== minute / 1000 ? await entry() : undefined;
      },
      'the minute to close',
      65_000,
    );
    const revised = await eventually(
      async () => {
        await sim.post('/sim/stats/reset');
        const row = await entry();
        return row && row[6] !== closedEarly[6] ? row : undefined;
      },
      'the volume revision',
      30_000,
    );
    expect(revised[6]).toBe(whileOpen?.[6]);
    expect(Number(closedEarly[6])).toBeLessThan(Number(revised[6]));
    expect(revised.slice(1, 6)).toEqual(closedEarly.slice(1, 6));
  });

  it('answers the latest 720 entries at most, none for a minute without trades, the open one last', async () => {
    const { rows, last } = await ohlc('pair=XBTUSDT&interval=1');
    expect(rows.length).toBeLessThanOrEqual(720);
    const times = rows.map((row) => row[0]);
    const steps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(steps.every((step) => step % 60 === 0 && step > 0)).toBe(true);
    // Kraken's BTC/USDT trades sparsely: some minutes have no entry at all.
    expect(steps.some((step) => step > 60)).toBe(true);
    expect(
      rows.slice(0, -1).every((row) => row[7] > 0 && /^\d+\.\d$/.test(row[4]) && /^\d+\.\d{8}$/.test(row[6])),
    ).toBe(true);
    expect(last).toBe(times.at(-2));
    const since = await ohlc(`pair=XBTUSDT&interval=1&since=${times.at(-4) ?? 0}`);
    expect(since.rows.map((row) => row[0])).toEqual(times.slice(-3));
    const altname = await ohlc('pair=BTCUSDT&interval=1');
    expect(altname.rows.at(0)).toEqual(rows.at(0));
  });

  it('answers errors as Kraken does: HTTP 200 with the reason in `error`', async () => {
    expect(await get('OHLC?pair=ETHUSDT')).toEqual({
      status: 200,
      answer: { error: ['EQuery:Unknown asset pair'] },
    });
    expect(await get('OHLC?pair=XBTUSDT&interval=360')).toEqual({
      status: 200,
      answer: { error: ['EGeneral:Invalid arguments'] },
    });
  });

  it('refuses calls past its call counter with EAPI:Rate limit exceeded', async () => {
    const answers = [];
    for (let call = 0; call < 7; call += 1) answers.push((await get('Time')).answer.error);
    expect(answers.slice(0, 6)).toEqual(Array.from({ length: 6 }, () => []));
    expect(answers[6]).toEqual(['EAPI:Rate limit exceeded']);
    expect((await sim.stats()).rateLimited).toBe(1);
  });
});
