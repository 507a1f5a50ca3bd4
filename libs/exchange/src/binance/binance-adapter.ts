import type { Interval, MarketSymbol } from '@pds/market';
import type {
  AdapterOptions,
  ExchangeAdapter,
  KlinePage,
  KlineRange,
  LiveStreamTuning,
} from '../exchange-adapter';
import { EXCHANGE_HISTORY_START_MS } from '../exchange-history-start';
import type { ExchangeName } from '../exchange-name';
import type { LiveStream } from '../live-stream';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import { BinanceRestClient } from './binance-rest-client';
import { binanceWireFormat } from './binance-wire-format';

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

/** Kept for existing callers; every adapter takes {@link AdapterOptions}. */
export type BinanceAdapterOptions = AdapterOptions;

/** What differs between Binance and the exchanges that run its software on their own hosts. */
export interface BinanceVenue {
  readonly name: Extract<ExchangeName, 'binance' | 'binance-us'>;
  readonly wsUrl: string;
  readonly restUrl: string;
  readonly streamTuning: LiveStreamTuning;
}

export const BINANCE_VENUE: BinanceVenue = {
  name: 'binance',
  wsUrl: BINANCE_WS_URL,
  restUrl: BINANCE_REST_URL,
  streamTuning: DEFAULT_STREAM_TUNING,
};

/** Binance's wire format (combined stream, `GET /api/v3/klines`) on one venue's hosts. */
export class BinanceAdapter implements ExchangeAdapter {
  readonly name: BinanceVenue['name'];
  private readonly rest: BinanceRestClient;

  constructor(
    private readonly options: AdapterOptions = {},
    private readonly venue: BinanceVenue = BINANCE_VENUE,
  ) {
    this.name = venue.name;
    this.rest = new BinanceRestClient({
      baseUrl: options.restBaseUrl ?? venue.restUrl,
      timeoutMs: options.requestTimeoutMs,
      historyStartMs: EXCHANGE_HISTORY_START_MS[venue.name],
    });
  }

  openLiveStream(symbol: MarketSymbol, tuning: Partial<LiveStreamTuning> = {}): LiveStream {
    const stream = new ExchangeLiveStream({
      ...this.venue.streamTuning,
      ...this.options.streamTuning,
      ...tuning,
      wsBaseUrl: this.options.wsBaseUrl ?? this.venue.wsUrl,
      symbol,
      wireFormat: binanceWireFormat,
      createSocket: this.options.createSocket,
      historyStartMs: EXCHANGE_HISTORY_START_MS[this.venue.name],
    });
    stream.start();
    return stream;
  }

  fetchKlines(symbol: MarketSymbol, interval: Interval, range?: KlineRange): Promise<KlinePage> {
    return this.rest.fetchKlines(symbol, interval, range);
  }
}
