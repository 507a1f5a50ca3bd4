import { type Interval, type MarketSymbol, openTimeOf } from '@pds/market';
import type {
  AdapterOptions,
  ExchangeAdapter,
  KlinePage,
  KlineRange,
  LiveStreamTuning,
} from '../exchange-adapter';
import type { LiveStream } from '../live-stream';
import { serviceNow } from '../service-clock';
import { ExchangeLiveStream } from '../stream/exchange-live-stream';
import { KRAKEN_REST_URL, KRAKEN_STREAM_TUNING, KRAKEN_WS_URL } from './kraken-endpoints';
import { fetchKrakenKlines } from './kraken-history';
import { KrakenLiveStream } from './kraken-live-stream';
import { KrakenRestClient } from './kraken-rest-client';
import { krakenWireFormat } from './kraken-wire-format';

/**
 * Kraken (a standby only: its OHLC endpoint keeps only the latest 720 klines of an interval, so it
 * cannot be the history of record). Spot WebSocket v2 for the live stream, `GET /0/public/OHLC`
 * for klines; 6h and 12h are merged exactly from 1h, live and in REST.
 */
export class KrakenAdapter implements ExchangeAdapter {
  readonly name = 'kraken';
  private readonly rest: KrakenRestClient;

  constructor(private readonly options: AdapterOptions = {}) {
    this.rest = new KrakenRestClient({
      baseUrl: options.restBaseUrl ?? KRAKEN_REST_URL,
      timeoutMs: options.requestTimeoutMs,
    });
  }

  openLiveStream(symbol: MarketSymbol, tuning: Partial<LiveStreamTuning> = {}): LiveStream {
    const inner = new ExchangeLiveStream({
      ...KRAKEN_STREAM_TUNING,
      ...this.options.streamTuning,
      ...tuning,
      wsBaseUrl: this.options.wsBaseUrl ?? KRAKEN_WS_URL,
      symbol,
      wireFormat: krakenWireFormat,
      createSocket: this.options.createSocket,
    });
    const stream = new KrakenLiveStream(inner, async () => {
      const page = await this.fetchKlines(symbol, '1h', {
        startTime: openTimeOf(serviceNow(), '12h'),
        limit: 12,
      });
      return page.klines;
    });
    stream.start();
    return stream;
  }

  fetchKlines(symbol: MarketSymbol, interval: Interval, range?: KlineRange): Promise<KlinePage> {
    return fetchKrakenKlines(this.rest, symbol, interval, range);
  }
}
