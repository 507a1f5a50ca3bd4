import type { KlineRange } from '@pds/exchange';
import { BinanceRestClient } from '@pds/exchange/standalone';
import { DEFAULT_SYMBOL, type Interval, type Kline } from '@pds/market';
import { exchangeHistory } from './exchange-history';
import { krakenKlines } from './kraken-history';
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
  /** The exchange the simulator speaks, and `light` or the dark mode it is in. */
  readonly exchange: SimExchange;
  readonly mode: SimFeedMode;
}

/** The wire formats the simulator serves (`SIM_EXCHANGE`). */
export type SimExchange = 'binance' | 'binance-us' | 'kraken';

/**
 * How an exchange goes dark (CONTRACT section 11): `silent` keeps connections open and sends nothing;
 * `refuse` drops them and destroys new sockets; `451` answers every request and upgrade with the
 * restricted-location refusal; `cut` drops every connection, each new one a moment after it opens.
 */
export type SimDarkMode = 'silent' | 'refuse' | '451' | 'cut';
export type SimFeedMode = SimDarkMode | 'light';

/** Settings of the simulator; `SIM_EXCHANGE` chooses the exchange, the rest as in its README. */
export type SimEnv = Record<string, string> & { readonly SIM_EXCHANGE?: SimExchange };

/** A trade the simulator booked: its id and exchange time (the simulator's clock). */
export interface BookedTrade {
  readonly id: number;
  readonly time: number;
}

export interface Sim {
  readonly exchange: SimExchange;
  readonly app: RunningApp;
  /**
   * How far the simulator's clock runs ahead of the host's (`SIM_CLOCK_OFFSET_MS`): the apps started
   * on it get the same as their service clock (`SERVICE_CLOCK_OFFSET_MS`), never trusting the exchange's.
   */
  readonly clockOffsetMs: number;
  readonly restUrl: string;
  readonly wsUrl: string;
  /** A control endpoint (`/sim/...`); rejects on an answer other than 2xx. */
  post<T>(path: string, body?: object): Promise<T>;
  trade(price: string, qty: string): Promise<BookedTrade>;
  stats(): Promise<SimStats>;
  /**
   * The simulator's REST answer, turned into klines exactly as libs/exchange does (counts as a
   * request). Binance and Binance.US only: Kraken's REST is read with `krakenKlines`.
   */
  klines(interval: Interval, range: KlineRange): Promise<readonly Kline[]>;
  /** Every kline with openTime in [from, to], page by page (Binance and Binance.US). */
  history(interval: Interval, from: number, to: number): Promise<Kline[]>;
  /**
   * Kraken's OHLC (the latest 720 entries; 6h and 12h merged from 1h), as klines; `since` in epoch
   * ms. Kraken only.
   */
  krakenKlines(interval: Interval, since?: number): Promise<Kline[]>;
  /** Makes the exchange dark in one of section 11's ways (`POST /sim/dark`). */
  dark(mode: SimDarkMode): Promise<void>;
  /** Ends any dark mode (`POST /sim/light`). */
  light(): Promise<void>;
  /**
   * Moves this exchange's background prices `bps` basis points from the market the others trade
   * (`POST /sim/skew`, -5000..5000; 0 brings them back); resolves with the skew now in force.
   */
  skew(bps: number): Promise<number>;
}

/**
 * The exchange simulator (built app) on a free port. By default only the trades a test injects
 * happen (`SIM_TRADES_PER_SECOND` 0); `env` chooses the exchange (`SIM_EXCHANGE`), the seed, the
 * clock offset and the rest.
 */
export async function startExchangeSim(env: SimEnv = {}): Promise<Sim> {
  // In the exchange projects (jest.config.js) the primary's simulator speaks that project's exchange.
  const exchange = env.SIM_EXCHANGE ?? (testExchanges().primary as SimExchange);
  const app = await spawnApp('exchange-sim', {
    SIM_EXCHANGE: exchange,
    SIM_SEED: '1',
    SIM_TRADES_PER_SECOND: '0',
    ...env,
  });
  const restUrl = `http://127.0.0.1:${app.port}`;
  const clockOffsetMs = Number(env.SIM_CLOCK_OFFSET_MS ?? 0);
  return {
    exchange,
    app,
    clockOffsetMs,
    restUrl,
    wsUrl: `ws://127.0.0.1:${app.port}`,
    ...simControls(restUrl),
    ...simReaders(restUrl, exchange, clockOffsetMs),
  };
}

type SimControls = Pick<Sim, 'post' | 'trade' | 'stats' | 'dark' | 'light' | 'skew'>;

/**
 * `POST /sim/skew` on the simulator at `restUrl` (for a simulator started with spawnApp: its
 * `http://127.0.0.1:<port>`); resolves with the skew now in force, rejects on an answer other than 200.
 */
export async function skewSim(restUrl: string, bps: number): Promise<number> {
  const response = await fetch(`${restUrl}/sim/skew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bps }),
  });
  if (!response.ok) throw new Error(`/sim/skew: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { bps: number }).bps;
}

function simControls(restUrl: string): SimControls {
  const post = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${restUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    post,
    trade: (price, qty) => post<BookedTrade>('/sim/trade', { price, qty }),
    stats: async () => (await (await fetch(`${restUrl}/sim/stats`)).json()) as SimStats,
    dark: async (mode) => {
      await post('/sim/dark', { mode });
    },
    light: async () => {
      await post('/sim/light');
    },
    skew: (bps) => skewSim(restUrl, bps),
  };
}

type SimReaders = Pick<Sim, 'klines' | 'history' | 'krakenKlines'>;

/**
 * Binance's REST client for Binance and Binance.US (same paths and rows), Kraken's reader for Kraken;
 * klines read as closed by the simulator's clock, as the service under test (moved with it) reads them.
 */
function simReaders(restUrl: string, exchange: SimExchange, clockOffsetMs: number): SimReaders {
  const rest = new BinanceRestClient({ baseUrl: restUrl, now: () => Date.now() + clockOffsetMs });
  const expect = (wanted: 'binance' | 'kraken', what: string): void => {
    if ((exchange === 'kraken') !== (wanted === 'kraken')) {
      throw new Error(`${what} cannot read the REST of this simulator (${exchange})`);
    }
  };
  return {
    klines: async (interval, range) => {
      expect('binance', 'klines');
      return (await rest.fetchKlines(DEFAULT_SYMBOL, interval, range)).klines;
    },
    history: async (interval, from, to) => {
      expect('binance', 'history');
      return exchangeHistory(restUrl, DEFAULT_SYMBOL, interval, from, to);
    },
    krakenKlines: async (interval, since) => {
      expect('kraken', 'krakenKlines');
      return krakenKlines(restUrl, interval, since);
    },
  };
}
