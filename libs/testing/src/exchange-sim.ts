import { BinanceRestClient, type KlineRange } from '@pds/exchange';
import { DEFAULT_SYMBOL, type Interval, type Kline } from '@pds/market';
import { exchangeHistory } from './exchange-history';
import { type RunningApp, spawnApp } from './spawn-app';
import { testExchanges } from './test-exchanges';

/** The simulator's request counters and connections (GET /sim/stats). */
export interface SimStats {
  readonly restRequests: number;
  readonly klinesRequests: number;
  readonly weightUsed: number;
  readonly rateLimited: number;
  readonly banned: number;
  /** Stream connections accepted and refused (HTTP 429, over the connection-rate limit). */
  readonly connectionsOpened: number;
  readonly connectionsRefused: number;
  readonly streamConnections: number;
  readonly tradeCount: number;
}

/** A trade the simulator booked: its id and exchange time (the simulator's clock). */
export interface BookedTrade {
  readonly id: number;
  readonly time: number;
}

export interface Sim {
  readonly app: RunningApp;
  readonly restUrl: string;
  readonly wsUrl: string;
  /** A control endpoint (`/sim/...`); rejects on an answer other than 2xx. */
  post<T>(path: string, body?: object): Promise<T>;
  trade(price: string, qty: string): Promise<BookedTrade>;
  stats(): Promise<SimStats>;
  /** The simulator's REST answer, turned into klines exactly as libs/exchange does (counts as a request). */
  klines(interval: Interval, range: KlineRange): Promise<readonly Kline[]>;
  /** Every kline with openTime in [from, to], page by page. */
  history(interval: Interval, from: number, to: number): Promise<Kline[]>;
}

/**
 * The exchange simulator (built app) on a free port. By default only the trades a test injects
 * happen (`SIM_TRADES_PER_SECOND` 0); `env` sets the seed, the clock offset and the rest.
 */
export async function startExchangeSim(env: Record<string, string> = {}): Promise<Sim> {
  const app = await spawnApp('exchange-sim', {
    SIM_EXCHANGE: testExchanges().primary,
    SIM_SEED: '1',
    SIM_TRADES_PER_SECOND: '0',
    ...env,
  });
  const restUrl = `http://127.0.0.1:${app.port}`;
  const rest = new BinanceRestClient({ baseUrl: restUrl });
  const post = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${restUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const klines: Sim['klines'] = async (interval, range) =>
    (await rest.fetchKlines(DEFAULT_SYMBOL, interval, range)).klines;
  const history: Sim['history'] = (interval, from, to) =>
    exchangeHistory(restUrl, DEFAULT_SYMBOL, interval, from, to);
  return {
    app,
    restUrl,
    wsUrl: `ws://127.0.0.1:${app.port}`,
    post,
    trade: (price, qty) => post<BookedTrade>('/sim/trade', { price, qty }),
    stats: async () => (await (await fetch(`${restUrl}/sim/stats`)).json()) as SimStats,
    klines,
    history,
  };
}
