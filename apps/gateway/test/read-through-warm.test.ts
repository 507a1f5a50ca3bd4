import { type Interval, INTERVALS, intervalMs, type Kline } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { isContiguous, type Sim, startCache, startIngestor, startSim } from './support/history-stack';

const WITHIN_MS = 30_000;

describe('getKlines on an empty Redis, with the whole stack (acceptance 1)', () => {
  let harness: GatewayHarness;
  let sim: Sim;
  let ingestor: RunningApp;
  let cache: RunningApp;
  let headers: Record<string, string>;
  let started: number;

  beforeAll(async () => {
    started = Date.now();
    harness = await gatewayHarness('read-through-warm');
    sim = await startSim({ SIM_TRADES_PER_SECOND: '5' });
    const { key } = await harness.createKey({ requestsPerMinute: 10_000 });
    headers = { 'x-api-key': key };
    // As the local stack does: the cache worker reports ready once history is marked managed, so
    // from the gateway's first request on, an answer is complete or it is not given.
    [ingestor, cache] = await Promise.all([startIngestor(harness, sim), startCache(harness, sim)]);
    await harness.startGateway();
  });

  afterAll(async () => {
    await Promise.all([ingestor.stop(), cache.stop()]);
    await sim.app.stop();
    await harness.close();
  });

  /** Asks until the answer is 200, within 30 s of the stack's start; the first 200 is checked. */
  async function klinesWithin(interval: Interval): Promise<Kline[]> {
    for (;;) {
      const response = await getJson(`${harness.url()}/api/v1/prices/klines?interval=${interval}`, headers);
      if (response.status === 200) return (response.body as { klines: Kline[] }).klines;
      // Until the first exchange events and history arrive the answer is 503 with Retry-After.
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      if (Date.now() - started > WITHIN_MS) throw new Error(`${interval}: ${JSON.stringify(response.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it.each(INTERVALS)(
    'should answer %s without bounds with 500 contiguous klines, all closed but the open last',
    async (interval) => {
      const klines = await klinesWithin(interval);
      expect(klines).toHaveLength(500);
      expect(isContiguous(klines, interval)).toBe(true);
      expect(klines.slice(0, -1).every((kline) => kline.isClosed)).toBe(true);
      const open = klines.at(-1);
      expect(open?.isClosed).toBe(false);
      const openTime = Date.parse(open?.openTime ?? '');
      expect(openTime % intervalMs(interval)).toBe(0);
      expect(Date.parse(open?.closeTime ?? '')).toBe(openTime + intervalMs(interval) - 1);
    },
  );

  it('should answer a warm request without asking the exchange', async () => {
    const before = (await sim.stats()).klinesRequests;
    for (const interval of INTERVALS) expect(await klinesWithin(interval)).toHaveLength(500);
    expect((await sim.stats()).klinesRequests).toBe(before);
  });
});
