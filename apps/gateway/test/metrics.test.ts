import { KLINES, PRICE, readiness, type RunningApp, type Scrape, scrapeMetrics } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { isMsg, type Sim, startCache, startIngestor, startSim } from './support/history-stack';
import { eventually, startIngestor as startListeningIngestor } from './support/live-market';
import { connect, type StreamClient, wsUrl } from './support/ws-client';

/** Scrapes until `done` holds for the scrape (counters read by the next scrape after the event). */
function scrapeUntil(app: RunningApp, done: (scrape: Scrape) => boolean, what: string): Promise<Scrape> {
  return eventually(async () => {
    const scrape = await scrapeMetrics(app);
    return done(scrape) ? scrape : undefined;
  }, what);
}

describe('metrics and readiness of every app, on their own ports', () => {
  let harness: GatewayHarness;
  let sim: Sim;
  let leader: RunningApp;
  let standby: RunningApp;
  let cache: RunningApp;
  let gateway: RunningApp;
  let key: string;
  let stream: StreamClient;

  beforeAll(async () => {
    harness = await gatewayHarness('metrics');
    sim = await startSim({ SIM_KLINE_PUSH_MS: '500' });
    // Leading and on the exchange stream: the one trade below must reach it (else no price, ever).
    leader = await startListeningIngestor(harness.prefix, sim, harness.redisEnv);
    [standby, cache, gateway] = await Promise.all([
      startIngestor(harness, sim),
      startCache(harness, sim, { WARM_UP_KLINES: '10' }),
      harness.startGateway(),
    ]);
    await standby.waitForLog(isMsg('standby'));
    ({ key } = await harness.createKey({ requestsPerMinute: 1000 }));
    await sim.post('/sim/trade', { price: '97000.00000000', qty: '0.10000000' });
    // The last answer is named if none is a 200: a set-up once waited here 60 s in a busy run.
    let lastAnswer = 'none';
    await eventually(async () => {
      const response = await getJson(`${harness.url()}${PRICE}`, { 'x-api-key': key });
      lastAnswer = `${response.status} ${JSON.stringify(response.body)}`;
      return response.status === 200 ? true : undefined;
    }, 'the first price').catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; the last answer: ${lastAnswer}`,
      );
    });
  });

  afterAll(async () => {
    await stream.close();
    await Promise.all([leader, standby, cache].map((app) => app.stop()));
    await sim.app.stop();
    await harness.close();
  });

  it('should count gateway requests by route pattern and status, with latencies, never a URL', async () => {
    expect((await getJson(`${harness.url()}${KLINES}?interval=7m`, { 'x-api-key': key })).status).toBe(400);
    expect((await getJson(`${harness.url()}${PRICE}?apiKey=wrong-key-0123456789`)).status).toBe(401);

    const scrape = await scrapeMetrics(gateway);
    const requests = (operation: string, status: string): number | undefined =>
      scrape.value('pds_http_requests_total', { method: 'GET', operation, status });
    expect(requests(PRICE, '200')).toBeGreaterThanOrEqual(1);
    expect(requests(KLINES, '400')).toBe(1);
    expect(requests(PRICE, '401')).toBe(1);
    const latencies = scrape.value('pds_http_request_duration_seconds_count', { operation: PRICE });
    expect(latencies).toBe(scrape.value('pds_http_requests_total', { method: 'GET', operation: PRICE }));
    expect(scrape.value('pds_http_request_duration_seconds_sum', { operation: PRICE })).toBeGreaterThan(0);
    const labels = scrape.samples.flatMap((sample) => Object.values(sample.labels));
    expect(labels.filter((label) => label.includes('?') || label.includes('wrong-key'))).toEqual([]);
    expect(scrape.value('process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('should count open WebSockets and the frames sent to them', async () => {
    ({ client: stream } = await connect(wsUrl(harness.url(), PRICE, { apiKey: key })));
    await sim.post('/sim/trade', { price: '97001.00000000', qty: '0.10000000' });
    await stream.take((frame) => frame.price === '97001.00000000', 'the price of the injected trade');

    const scrape = await scrapeMetrics(gateway);
    expect(scrape.value('pds_ws_connections', { operation: PRICE })).toBe(1);
    expect(scrape.value('pds_ws_connections', { operation: KLINES })).toBe(0);
    expect(scrape.value('pds_ws_messages_sent_total', { operation: PRICE })).toBeGreaterThanOrEqual(2);
  });

  it('should report the leader ingestor’s events, lag, leadership, reconnects, bad frames and gaps', async () => {
    await sim.post('/sim/malformed', { kind: 'invalid-json' });
    await sim.post('/sim/disconnect');
    // The leader sees the outage with the first event on its new connection: once both ingestors
    // are connected again, a trade brings it.
    await eventually(
      async () => ((await sim.stats()).streamConnections >= 2 ? true : undefined),
      'both ingestors connected again',
    );
    await sim.post('/sim/trade', { price: '97002.00000000', qty: '0.10000000' });
    await leader.waitForLog(isMsg('gap-recorded'));

    const scrape = await scrapeUntil(
      leader,
      // Kline pushes come on the exchange's own timer, after the trades.
      (next) =>
        (next.value('pds_ingestor_reconnects_total') ?? 0) >= 1 &&
        (next.value('pds_ingestor_events_total', { type: 'kline' }) ?? 0) > 0,
      'the reconnect and a kline push in the metrics',
    );
    expect(scrape.value('pds_ingestor_events_total', { type: 'trade' })).toBeGreaterThanOrEqual(2);
    expect(scrape.value('pds_ingestor_events_total', { type: 'kline' })).toBeGreaterThan(0);
    expect(scrape.value('pds_ingestor_malformed_frames_total')).toBeGreaterThanOrEqual(1);
    expect(scrape.value('pds_ingestor_gaps_detected_total')).toBeGreaterThanOrEqual(1);
    expect(scrape.value('pds_ingestor_leader')).toBe(1);
    const writes = scrape.value('pds_ingestor_lag_seconds_count') ?? 0;
    expect(writes).toBeGreaterThan(0);
    // Every write's lag fell in a bucket up to 60 s: finite, and not a stalled stream.
    expect(scrape.value('pds_ingestor_lag_seconds_bucket', { le: '60' })).toBe(writes);
    expect((await scrapeMetrics(standby)).value('pds_ingestor_leader')).toBe(0);
  });

  it('should report the cache worker’s jobs, repairs, queue depth and exchange weight', async () => {
    const history = await getJson(
      `${harness.url()}${KLINES}?interval=1h&from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z`,
      { 'x-api-key': key },
    );
    expect(history.status).toBe(200);

    const scrape = await scrapeUntil(
      cache,
      (next) => (next.value('pds_cache_gaps_repaired_total') ?? 0) >= 1,
      'the repaired gap in the metrics',
    );
    expect(
      scrape.value('pds_cache_jobs_total', { name: 'fill-range', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(scrape.value('pds_cache_jobs_total', { outcome: 'failed' })).toBeUndefined();
    for (const state of ['waiting', 'active', 'delayed']) {
      expect(scrape.value('pds_cache_queue_depth', { state })).toBeGreaterThanOrEqual(0);
    }
    expect(scrape.value('pds_exchange_requests_total', { status: '200' })).toBeGreaterThan(0);
    expect(scrape.value('pds_exchange_weight_used')).toBeGreaterThan(0);
  });

  it('should answer /ready with each worker’s role, the age of the stored data and the exchange that serves, ready as leader and as standby', async () => {
    const ageSeconds = expect.any(Number) as unknown;
    const exchange = { source: 'binance', ageSeconds };
    const exchanges = { exchanges: { binance: 'live' } };
    const leading = await readiness(leader);
    expect(leading).toEqual({
      status: 200,
      body: { role: 'leader', ready: true, redis: 'ok', exchange, ...exchanges },
    });
    const standing = await readiness(standby);
    expect(standing).toEqual({
      status: 200,
      body: { role: 'standby', ready: true, redis: 'ok', exchange, ...exchanges },
    });
    const worker = await readiness(cache);
    expect(worker).toEqual({
      status: 200,
      body: { role: 'worker', ready: true, redis: 'ok', exchange: { ageSeconds } },
    });
  });
});
