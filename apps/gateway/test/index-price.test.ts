import { compareDecimals, type Kline, midpointDecimal, scaleOf, subtractDecimals } from '@pds/market';
import {
  connect,
  eventually,
  isMsg,
  type RunningApp,
  scrapeMetrics,
  type Sim,
  spawnIngestor,
  startExchangeSim,
  type StreamClient,
  wsUrl,
} from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';

jest.setTimeout(15 * 60_000);

const MINUTE = 60_000;
/** Generous: feeds connecting, a lease expiring and minutes closing on a machine the suite keeps busy. */
const WAIT_MS = 150_000;

interface Component {
  readonly exchange: string;
  readonly price: string;
  readonly time: string;
  readonly included: boolean;
  readonly reason?: string;
}

interface IndexBody {
  readonly price: string;
  readonly time: string;
  readonly confidence: string;
  readonly sources: readonly Component[];
}

type Frame = Record<string, unknown>;

function isIndex(frame: Frame): frame is Frame & IndexBody {
  return typeof frame.price === 'string' && Array.isArray(frame.sources);
}

function component(index: IndexBody, exchange: string): Component | undefined {
  return index.sources.find((source) => source.exchange === exchange);
}

/** How far Kraken's price in this second is above Binance's, in basis points (NaN without both). */
function krakenAbove(index: IndexBody): number {
  const kraken = Number(component(index, 'kraken')?.price);
  const binance = Number(component(index, 'binance')?.price);
  return ((kraken - binance) / binance) * 10_000;
}

/**
 * The index (docs/index.md) through the real processes: Binance, Binance.US and Kraken simulators
 * trading on their own, two ingestors (a leader and a standby) following all three, a gateway and
 * Redis; REST and a real WebSocket client.
 */
describe('index price: the median of the live exchanges', () => {
  let harness: GatewayHarness;
  let sims: Record<'binance' | 'binance-us' | 'kraken', Sim>;
  const ingestors = new Map<string, RunningApp>();
  let headers: Record<string, string>;
  let stream: StreamClient;

  const get = (path: string) => getJson(`${harness.url()}${path}`, headers);

  /** The index stream's next second that `match` accepts (frames are one per second). */
  const nextIndex = async (match: (index: IndexBody) => boolean, what: string): Promise<IndexBody> =>
    (await stream.take((frame) => isIndex(frame) && match(frame), what, WAIT_MS)) as unknown as IndexBody;

  beforeAll(async () => {
    harness = await gatewayHarness('index-price');
    const market = { SIM_TRADES_PER_SECOND: '5' };
    const [binance, binanceUs, kraken] = await Promise.all([
      startExchangeSim({ SIM_EXCHANGE: 'binance', ...market }),
      startExchangeSim({ SIM_EXCHANGE: 'binance-us', ...market }),
      startExchangeSim({ SIM_EXCHANGE: 'kraken', ...market }),
    ]);
    sims = { binance, 'binance-us': binanceUs, kraken };
    const exchanges = {
      EXCHANGE: 'binance',
      EXCHANGE_STANDBYS: 'binance-us,kraken',
      BINANCE_US_WS_URL: binanceUs.wsUrl,
      BINANCE_US_REST_URL: binanceUs.restUrl,
      KRAKEN_WS_URL: `${kraken.wsUrl}/v2`,
      KRAKEN_REST_URL: kraken.restUrl,
    };
    for (const id of ['index-a', 'index-b']) {
      ingestors.set(id, await spawnIngestor(harness, binance, { ...exchanges, INGESTOR_ID: id }));
    }
    const { key } = await harness.createKey({ requestsPerMinute: 100_000 });
    headers = { 'x-api-key': key };
    await harness.startGateway();
    ({ client: stream } = await connect(wsUrl(harness.url(), '/api/v1/index/current', { apiKey: key })));
  });

  afterAll(async () => {
    await stream.close();
    await Promise.all([...ingestors.values()].map((app) => app.stop()));
    await Promise.all(Object.values(sims).map((sim) => sim.app.stop()));
    await harness.close();
  });

  it('serves the median of the three exchanges with half their spread as the band', async () => {
    const index = await nextIndex(
      (found) => found.sources.filter((s) => s.included).length === 3,
      'three included',
    );
    const answer = await eventually(
      async () => {
        const found = await get('/api/v1/index/current');
        return found.status === 200 ? found : undefined;
      },
      'a 200 of the index',
      WAIT_MS,
    );
    expect(answer.headers.get('x-ratelimit-limit')).toBe('100000');
    const body = answer.body as IndexBody;
    expect(Object.keys(body)).toEqual(['price', 'time', 'confidence', 'sources']);
    expect(body.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    const prices = index.sources.map((source) => source.price).sort(compareDecimals);
    const scale = Math.max(...prices.map(scaleOf));
    expect(compareDecimals(index.price, prices[1] ?? '')).toBe(0);
    expect(scaleOf(index.price)).toBe(scale);
    expect(index.confidence).toBe(
      midpointDecimal(subtractDecimals(prices[2] ?? '', prices[0] ?? ''), '0', scale),
    );
  });

  it('excludes an exchange pushed 15 % away, naming why, and takes it back only within 5 %', async () => {
    await nextIndex((found) => component(found, 'kraken')?.included === true, 'Kraken included');
    // The simulator's own control: every trade Kraken prints from now on is 15 % above the market.
    await sims.kraken.skew(1500);
    const excluded = await nextIndex(
      (found) => krakenAbove(found) > 1400,
      "Kraken's prices 15 % above in the index",
    );
    expect(component(excluded, 'kraken')).toMatchObject({ included: false, reason: 'deviation' });
    const others = ['binance', 'binance-us'].map((name) => component(excluded, name)?.price ?? '');
    expect(compareDecimals(excluded.price, others.sort(compareDecimals)[0] ?? '')).toBeGreaterThanOrEqual(0);
    expect(compareDecimals(excluded.price, others[1] ?? '')).toBeLessThanOrEqual(0);
    const inclusion = await eventually(
      async () => {
        const scrape = await scrapeMetrics(ingestors.get('index-a') as RunningApp);
        return scrape.value('pds_index_source_included', { exchange: 'kraken' }) === 0 ? scrape : undefined;
      },
      'Kraken left out in the inclusion metric',
      WAIT_MS,
    );
    expect(inclusion.value('pds_index_source_included', { exchange: 'binance' })).toBe(1);

    // 7 % away: inside the 10 % an included exchange may be, outside the 5 % an excluded one needs.
    await sims.kraken.skew(700);
    const still = await nextIndex(
      (found) => krakenAbove(found) > 600 && krakenAbove(found) < 800,
      "Kraken's prices 7 % above in the index",
    );
    expect(component(still, 'kraken')).toMatchObject({ included: false, reason: 'deviation' });

    await sims.kraken.skew(0);
    const readmitted = await nextIndex(
      (found) => Math.abs(krakenAbove(found)) < 100,
      "Kraken's prices back at the market in the index",
    );
    expect(component(readmitted, 'kraken')?.included).toBe(true);
  });

  it('answers 503 INDEX_UNAVAILABLE, naming the live sources, while two exchanges are dark', async () => {
    await Promise.all([sims['binance-us'].dark('cut'), sims.kraken.dark('cut')]);
    const refused = await eventually(
      async () => {
        const found = await get('/api/v1/index/current');
        return found.status === 503 ? found : undefined;
      },
      'a 503 of the index',
      WAIT_MS,
    );
    const { code, message } = refused.body as { code: string; message: string };
    expect([code, Object.keys(refused.body as object)]).toEqual(['INDEX_UNAVAILABLE', ['code', 'message']]);
    expect(message).toContain('1 source(s) live');
    expect(refused.headers.get('retry-after')).toBe('1');
    await stream.take((frame) => frame.code === 'INDEX_UNAVAILABLE', 'the unavailable frame', WAIT_MS);
    await Promise.all([sims['binance-us'].light(), sims.kraken.light()]);
    await nextIndex((found) => found.sources.filter((s) => s.included).length === 3, 'three included again');
  });

  it('builds each kline from exactly the per-second values it covers', async () => {
    const first = await nextIndex(
      (found) => Date.parse(found.time) % MINUTE === 0,
      'the first second of a minute',
    );
    const minute = Date.parse(first.time);
    const seconds = [first];
    for (;;) {
      const next = await nextIndex(() => true, 'the next second');
      if (Date.parse(next.time) >= minute + MINUTE) break;
      seconds.push(next);
    }
    const kline = await eventually(
      async () => {
        const found = await get(
          `/api/v1/index/klines?interval=1m&from=${new Date(minute).toISOString()}&limit=1`,
        );
        const [only] = (found.body as { klines: Kline[] }).klines;
        return only?.isClosed ? only : undefined;
      },
      'the closed 1m kline',
      WAIT_MS,
    );
    const prices = seconds.map((second) => second.price);
    const sorted = [...prices].sort(compareDecimals);
    expect(kline).toMatchObject({
      openTime: new Date(minute).toISOString(),
      open: prices[0],
      close: prices.at(-1),
      high: sorted.at(-1),
      low: sorted[0],
      trades: seconds.length,
    });
    const latest = await get('/api/v1/index/klines?interval=1m&limit=2');
    const [closed, open] = (latest.body as { klines: Kline[] }).klines;
    expect([closed?.isClosed, open?.isClosed]).toEqual([true, false]);
  });

  it('loses no second when the leader is killed: the standby continues the klines', async () => {
    const leader = await harness.redis.get(harness.keys.ingestorLease('btcusdt'));
    const standbyId = [...ingestors.keys()].find((id) => id !== leader) ?? '';
    const killedAt = Date.parse((await nextIndex(() => true, 'a second before the kill')).time);
    await ingestors.get(leader ?? '')?.stop('SIGKILL');
    ingestors.delete(leader ?? '');
    await ingestors.get(standbyId)?.waitForLog(isMsg('index-taken-over'), WAIT_MS);
    const killedMinute = Math.floor(killedAt / MINUTE) * MINUTE;
    // Up to two minutes of stream: a wait of its own, longer than the others.
    await stream.take(
      (frame) => isIndex(frame) && Date.parse(frame.time) >= killedMinute + 2 * MINUTE,
      'two minutes on',
      2 * WAIT_MS,
    );
    const answer = await get(
      `/api/v1/index/klines?interval=1m&from=${new Date(killedMinute).toISOString()}&limit=2`,
    );
    const klines = (answer.body as { klines: Kline[] }).klines;
    // Every exchange was live throughout: a value for each second, the ones nobody wrote included.
    expect(klines.map((kline) => [kline.openTime, kline.trades])).toEqual([
      [new Date(killedMinute).toISOString(), 60],
      [new Date(killedMinute + MINUTE).toISOString(), 60],
    ]);
  });
});
