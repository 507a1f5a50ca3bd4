import { createExchangeAdapter } from '@pds/exchange';
import { type Interval, type Kline, type Price } from '@pds/market';
import { eventually, isMsg, type RunningApp, type Sim, startExchangeSim } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './gateway-harness';
import { startCache, startIngestor } from './history-stack';
import type { LabelledAnswer } from './source-labels';

export const MINUTE = 60_000;

/** The ways an exchange goes dark (CONTRACT section 11), as the simulators' `/sim/dark` names them. */
export type DarkMode = 'silent' | 'refuse' | '451' | 'cut';

export interface PriceAnswer {
  readonly source: string | null;
  readonly price: Price | undefined;
}

/**
 * Binance as the primary and Kraken as the standby, each a simulator of its own wire format with
 * its own market, the ingestor following both, a cache worker and a gateway on one Redis prefix.
 */
export interface FailoverStack {
  readonly harness: GatewayHarness;
  readonly primary: Sim;
  readonly standby: Sim;
  readonly ingestor: RunningApp;
  readonly cache: RunningApp;
  readonly headers: Record<string, string>;
  /** Any GET of the gateway: its `X-Price-Source` and its body (undefined unless 200). */
  answer(path: string): Promise<LabelledAnswer>;
  currentPrice(): Promise<PriceAnswer>;
  klines(interval: Interval, query: string): Promise<{ source: string | null; klines: Kline[] }>;
  currentKline(interval: Interval): Promise<{ source: string | null; kline: Kline | undefined }>;
  /** The Kraken simulator's REST klines, read with the service's own Kraken adapter. */
  standbyKlines(interval: Interval, from: number, to: number): Promise<readonly Kline[]>;
  /** The exchange clock of the primary simulator (both share the machine's clock and offset). */
  simTime(): Promise<number>;
  close(): Promise<void>;
}

export async function failoverStack(
  label: string,
  options: { readonly clockOffsetMs?: number } = {},
): Promise<FailoverStack> {
  const harness = await gatewayHarness(label);
  const market = {
    SIM_TRADES_PER_SECOND: '10',
    SIM_KLINE_PUSH_MS: '500',
    SIM_CLOCK_OFFSET_MS: String(options.clockOffsetMs ?? 0),
  };
  const [primary, standby] = await Promise.all([
    startExchangeSim({ SIM_EXCHANGE: 'binance', ...market }),
    startExchangeSim({ SIM_EXCHANGE: 'kraken', ...market }),
  ]);
  const exchanges = {
    EXCHANGE: 'binance',
    EXCHANGE_STANDBYS: 'kraken',
    KRAKEN_WS_URL: `${standby.wsUrl}/v2`,
    KRAKEN_REST_URL: standby.restUrl,
  };
  const cache = await startCache(harness, primary, exchanges);
  const ingestor = await startIngestor(harness, primary, exchanges);
  const headers = { 'x-api-key': (await harness.createKey({ requestsPerMinute: 100_000 })).key };
  await Promise.all([
    harness.startGateway(),
    ingestor.waitForLog(isMsg('leader')),
    cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 60_000),
  ]);
  const kraken = createExchangeAdapter('kraken', { restBaseUrl: standby.restUrl });
  const get = (path: string) => getJson(`${harness.url()}${path}`, headers);
  return {
    harness,
    primary,
    standby,
    ingestor,
    cache,
    headers,
    answer: async (path) => {
      const answer = await get(path);
      return {
        source: answer.headers.get('x-price-source'),
        body: answer.status === 200 ? answer.body : undefined,
      };
    },
    currentPrice: async () => {
      const answer = await get('/api/v1/prices/current');
      return {
        source: answer.headers.get('x-price-source'),
        price: answer.status === 200 ? (answer.body as Price) : undefined,
      };
    },
    klines: async (interval, query) => {
      const answer = await get(`/api/v1/prices/klines?interval=${interval}&${query}`);
      const klines = answer.status === 200 ? (answer.body as { klines: Kline[] }).klines : [];
      return { source: answer.headers.get('x-price-source'), klines };
    },
    currentKline: async (interval) => {
      const answer = await get(`/api/v1/prices/klines/current?interval=${interval}`);
      return {
        source: answer.headers.get('x-price-source'),
        kline: answer.status === 200 ? (answer.body as Kline) : undefined,
      };
    },
    standbyKlines: async (interval, from, to) =>
      (await kraken.fetchKlines('btcusdt', interval, { startTime: from, endTime: to, limit: 1000 })).klines,
    simTime: async () =>
      ((await (await fetch(`${primary.restUrl}/api/v3/time`)).json()) as { serverTime: number }).serverTime,
    close: async () => {
      await ingestor.stop();
      await cache.stop();
      await Promise.all([primary.app.stop(), standby.app.stop()]);
      await harness.close();
    },
  };
}

/** Polls the gateway until the answers name `exchange` as their source. */
export function untilSource(
  stack: FailoverStack,
  exchange: string,
  what: string,
  timeoutMs: number,
): Promise<PriceAnswer> {
  return eventually(
    async () => {
      const answer = await stack.currentPrice();
      return answer.source === exchange && answer.price ? answer : undefined;
    },
    what,
    timeoutMs,
  );
}
