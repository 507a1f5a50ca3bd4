import type { Interval, MarketSymbol } from '@pds/market';
import type { ExchangeAdapter, KlinePage, KlineRange, LiveStreamTuning } from '../exchange-adapter';
import type { LiveStream } from '../live-stream';
import { BinanceLiveStream } from './binance-live-stream';
import { BinanceRestClient } from './binance-rest-client';
import type { SocketFactory } from './binance-connection';

/** Binance's public market-data-only endpoints (no API key needed, no user data). */
export const BINANCE_WS_URL = 'wss://data-stream.binance.vision';
export const BINANCE_REST_URL = 'https://data-api.binance.vision';

export const DEFAULT_STREAM_TUNING: LiveStreamTuning = {
  silenceMs: 10_000,
  // Binance closes every connection at 24 h; replace it ten minutes earlier.
  maxConnectionAgeMs: 23 * 3_600_000 + 50 * 60_000,
  reconnectInitialMs: 250,
  reconnectMaxMs: 30_000,
  healthyAfterMs: 60_000,
  connectionsPer5Minutes: 300,
};

export interface BinanceAdapterOptions {
  readonly wsBaseUrl?: string;
  readonly restBaseUrl?: string;
  readonly requestTimeoutMs?: number;
  readonly streamTuning?: Partial<LiveStreamTuning>;
  readonly createSocket?: SocketFactory;
}

export class BinanceAdapter implements ExchangeAdapter {
  readonly name = 'binance';
  private readonly rest: BinanceRestClient;

  constructor(private readonly options: BinanceAdapterOptions = {}) {
    this.rest = new BinanceRestClient({
      baseUrl: options.restBaseUrl ?? BINANCE_REST_URL,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  openLiveStream(symbol: MarketSymbol, tuning: Partial<LiveStreamTuning> = {}): LiveStream {
    const stream = new BinanceLiveStream({
      ...DEFAULT_STREAM_TUNING,
      ...this.options.streamTuning,
      ...tuning,
      wsBaseUrl: this.options.wsBaseUrl ?? BINANCE_WS_URL,
      symbol,
      createSocket: this.options.createSocket,
    });
    stream.start();
    return stream;
  }

  fetchKlines(symbol: MarketSymbol, interval: Interval, range?: KlineRange): Promise<KlinePage> {
    return this.rest.fetchKlines(symbol, interval, range);
  }
}
