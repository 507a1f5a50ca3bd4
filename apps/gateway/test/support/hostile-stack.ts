import { type Kline, type Price } from '@pds/market';
import {
  type BookedTrade,
  eventually,
  type FrameInjectingProxy,
  isMsg,
  type RunningApp,
  type Sim,
  startExchangeSim,
  startFrameInjectingProxy,
} from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './gateway-harness';
import { startCache, startIngestor } from './history-stack';

/** One answer of a price operation: its `X-Price-Source` and its body. */
export interface Answer<T> {
  readonly source: string | null;
  readonly body: T | undefined;
}

/**
 * Binance as the primary and Kraken as its standby, each a simulator that trades only when the test
 * books a trade, each reaching the ingestor through a frame-injecting proxy; a cache worker and a
 * gateway on one Redis prefix. Feeds are quiet between booked trades, so silence alone never makes
 * an exchange dark here (a refused or cut connection still does).
 */
export interface HostileStack {
  readonly harness: GatewayHarness;
  readonly binance: Sim;
  readonly kraken: Sim;
  readonly proxies: { readonly binance: FrameInjectingProxy; readonly kraken: FrameInjectingProxy };
  readonly headers: Record<string, string>;
  get<T>(path: string): Promise<Answer<T>>;
  currentPrice(): Promise<Answer<Price>>;
  closedKlines(from: number, to: number): Promise<Kline[]>;
  /** Processes of the stack that have exited. */
  exited(): string[];
  close(): Promise<void>;
}

const QUIET_FEED = { STREAM_SILENCE_MS: String(30 * 60_000), EXCHANGE_DARK_AFTER_MS: String(30 * 60_000) };

export async function hostileStack(label: string): Promise<HostileStack> {
  const harness = await gatewayHarness(label);
  const quietMarket = { SIM_TRADES_PER_SECOND: '0', SIM_KLINE_PUSH_MS: '500' };
  const [binance, kraken] = await Promise.all([
    startExchangeSim({ SIM_EXCHANGE: 'binance', ...quietMarket }),
    startExchangeSim({ SIM_EXCHANGE: 'kraken', ...quietMarket }),
  ]);
  const proxies = {
    binance: await startFrameInjectingProxy(binance.wsUrl),
    kraken: await startFrameInjectingProxy(kraken.wsUrl),
  };
  const exchanges = {
    EXCHANGE: 'binance',
    EXCHANGE_STANDBYS: 'kraken',
    KRAKEN_WS_URL: `${proxies.kraken.url}/v2`,
    KRAKEN_REST_URL: kraken.restUrl,
  };
  const cache = await startCache(harness, binance, exchanges);
  const ingestor = await startIngestor(
    harness,
    { restUrl: binance.restUrl, wsUrl: proxies.binance.url },
    { ...exchanges, ...QUIET_FEED },
  );
  const headers = { 'x-api-key': (await harness.createKey({ requestsPerMinute: 100_000 })).key };
  await Promise.all([
    harness.startGateway(),
    ingestor.waitForLog(isMsg('leader')),
    cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }), 60_000),
  ]);
  const sims = [binance.app, kraken.app];
  const named: [string, RunningApp][] = [
    ['binance simulator', binance.app],
    ['kraken simulator', kraken.app],
    ['ingestor', ingestor],
    ['cache', cache],
    ['gateway', harness.gateways[0] as RunningApp],
  ];
  const get = async <T>(path: string): Promise<Answer<T>> => {
    const answer = await getJson(`${harness.url()}${path}`, headers);
    return {
      source: answer.headers.get('x-price-source'),
      body: answer.status === 200 ? (answer.body as T) : undefined,
    };
  };
  return {
    harness,
    binance,
    kraken,
    proxies,
    headers,
    get,
    currentPrice: () => get<Price>('/api/v1/prices/current'),
    closedKlines: async (from, to) => {
      const range = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&limit=1000`;
      const answer = await get<{ klines: Kline[] }>(`/api/v1/prices/klines?interval=1m&${range}`);
      return (answer.body?.klines ?? []).filter((kline) => kline.isClosed);
    },
    exited: () =>
      named
        .filter(([, app]) => app.process.exitCode !== null || app.process.signalCode !== null)
        .map(([name]) => name),
    close: async () => {
      await ingestor.stop();
      await cache.stop();
      await Promise.all([proxies.binance.close(), proxies.kraken.close()]);
      await Promise.all(sims.map((app) => app.stop()));
      await harness.close();
    },
  };
}

let nextTick = 1;

/**
 * Books trades on `sim` (a fresh price each, on Kraken's 0.1 tick too) until the gateway serves the
 * newest one, price and time: the served price follows the exchange again. Resolves with that trade.
 */
export async function servedFollows(
  stack: HostileStack,
  sim: Sim,
  timeoutMs = 20_000,
): Promise<BookedTrade & { price: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const price = `${96_000 + (nextTick++ % 900)}.${1 + (nextTick % 9)}0000000`;
    const trade = await sim.trade(price, '0.01000000');
    const served = await eventually(
      async () => {
        const answer = await stack.currentPrice();
        const body = answer.body;
        const matches =
          body !== undefined &&
          Number(body.price) === Number(price) &&
          body.time === new Date(trade.time).toISOString();
        return matches || Date.now() > Math.min(deadline, trade.time + 4_000) ? matches : undefined;
      },
      `the served price to follow ${sim.exchange}'s trade ${trade.id}`,
      timeoutMs,
    );
    if (served) return { ...trade, price };
    if (Date.now() > deadline) {
      throw new Error(
        `the served price did not follow ${sim.exchange}'s trades: ${JSON.stringify(await stack.currentPrice())}`,
      );
    }
  }
}
