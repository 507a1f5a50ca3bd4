import { type Interval, type Kline } from '@pds/market';
import { eventually, exchangeHistory, type RunningApp, storedClosedKlines } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { isMsg, type Sim, startCache, startIngestor, startSim } from './support/history-stack';

const MINUTE = 60_000;
/** The sim starts this long before a minute boundary, so the halt spans one within seconds. */
const LEAD_MS = 8000;

jest.setTimeout(5 * MINUTE);

describe('a live trading halt on the exchange (acceptance 2)', () => {
  let harness: GatewayHarness;
  let sim: Sim;
  let ingestor: RunningApp;
  let cache: RunningApp;
  let headers: Record<string, string>;
  /** Every answer that was not a 200, with its body: a failure then says which 503 it was. */
  const refusals: { status: number; body: unknown }[] = [];

  beforeAll(async () => {
    const now = Date.now();
    const offset = Math.ceil((now + LEAD_MS) / MINUTE) * MINUTE - LEAD_MS - now;
    harness = await gatewayHarness('live-halt');
    sim = await startSim({
      SIM_TRADES_PER_SECOND: '20',
      SIM_CLOCK_OFFSET_MS: String(offset),
      SIM_KLINE_PUSH_MS: '500',
    });
    cache = await startCache(harness, sim);
    ingestor = await startIngestor(harness, sim, { STREAM_SILENCE_MS: '3000' });
    headers = { 'x-api-key': (await harness.createKey({ requestsPerMinute: 100_000 })).key };
    // The warm-up first, as the read-through suites do: until it is stored, a klines read answers a
    // correct 503 ("being fetched"), which this test's "200 throughout" would count against the halt.
    await Promise.all([
      harness.startGateway(),
      ingestor.waitForLog(isMsg('leader')),
      cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 60_000),
    ]);
  });

  afterAll(async () => {
    await ingestor.stop();
    await cache.stop();
    await sim.app.stop();
    await harness.close();
  });

  const klinesNow = async (interval: Interval, query = 'limit=5'): Promise<Kline[]> => {
    const response = await getJson(
      `${harness.url()}/api/v1/prices/klines?interval=${interval}&${query}`,
      headers,
    );
    if (response.status !== 200) refusals.push({ status: response.status, body: response.body });
    return response.status === 200 ? (response.body as { klines: Kline[] }).klines : [];
  };
  const simTime = async (): Promise<number> =>
    ((await (await fetch(`${sim.restUrl}/api/v3/time`)).json()) as { serverTime: number }).serverTime;
  /** Polls the gateway (every answer recorded) until the sim's clock reaches `time`. */
  const untilSimTime = (time: number, what: string, timeoutMs: number): Promise<true> =>
    eventually(
      async () => {
        await klinesNow('1m');
        return (await simTime()) >= time ? true : undefined;
      },
      what,
      timeoutMs,
    );

  it('ends with exactly the exchange’s klines for the halt’s span, the gateway answering 200 throughout', async () => {
    await eventually(
      async () => ((await klinesNow('1m')).length > 0 ? true : undefined),
      'live klines',
      60_000,
    );
    const { from } = await sim.post<{ from: number }>('/sim/halt');
    await untilSimTime(
      (Math.floor(from / MINUTE) + 1) * MINUTE + 1000,
      'a minute boundary in the halt',
      70_000,
    );
    const { to, realignAt } = await sim.post<{ to: number; realignAt: number }>('/sim/resume');
    await untilSimTime(realignAt + MINUTE + 5000, 'the aligned kline after the resume closed', 3 * MINUTE);

    for (const interval of ['1m', '5m', '1h'] as const) {
      const start = Math.floor(from / MINUTE) * MINUTE - MINUTE;
      const settled = await eventually(
        async () => {
          const stored = (await storedClosedKlines(harness.redis, harness.keys, interval))
            .map((member) => member.kline)
            .filter((kline) => Date.parse(kline.closeTime) >= start);
          const last = stored.at(-1);
          if (!last) return undefined;
          const exchange = await exchangeHistory(
            sim.restUrl,
            'btcusdt',
            interval,
            Date.parse(stored[0]?.openTime ?? ''),
            Date.parse(last.openTime),
          );
          return JSON.stringify(stored) === JSON.stringify(exchange) ? { stored, exchange } : undefined;
        },
        `the stored ${interval} klines equal to the exchange’s`,
        30_000,
      );
      expect({ interval, klines: settled.stored }).toEqual({ interval, klines: settled.exchange });
    }
    const span = `from=${new Date(from - MINUTE).toISOString()}&to=${new Date(realignAt).toISOString()}`;
    const served = await klinesNow('1m', span);
    expect(served).toEqual(await exchangeHistory(sim.restUrl, 'btcusdt', '1m', from - MINUTE, realignAt));
    // The cut kline ends at the halt and the next one opens at the resume, off the grid.
    expect(served.map((kline) => kline.closeTime)).toContain(new Date(from - 1).toISOString());
    expect(served.map((kline) => kline.openTime)).toContain(new Date(to).toISOString());
    expect(refusals).toEqual([]);
  });
});
