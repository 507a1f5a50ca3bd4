import { Inject, Injectable } from '@nestjs/common';
import { type ExchangeAdapter, FrameRefusals, type KlinePage, type KlineRange } from '@pds/exchange';
import type { Interval, MarketSymbol } from '@pds/market';
import { AppLogger } from '@pds/observability';
import { CacheMetrics } from '../metrics/cache-metrics';
import { ExchangeGate } from './exchange-gate';
import { EXCHANGE_ADAPTER } from './exchange.provider';

/** REQUEST_WEIGHT of GET /api/v3/klines on Binance (any limit) and in the simulator. */
export const KLINES_REQUEST_WEIGHT = 2;

/**
 * Kline pages from the exchange's REST history, every request through the shared budget. Whether a
 * kline has closed is read on the service's clock, never the exchange's (CONTRACT section 11); the
 * exchange's time in an answer serves only its request weight's window.
 */
@Injectable()
export class KlineFetcher {
  /** Refused klines: logged at warn at most once a minute per reason (CONTRACT section 11). */
  private readonly refusals: FrameRefusals;

  constructor(
    @Inject(EXCHANGE_ADAPTER) private readonly exchange: ExchangeAdapter,
    private readonly gate: ExchangeGate,
    private readonly metrics: CacheMetrics,
    logger: AppLogger,
  ) {
    this.refusals = new FrameRefusals((refusal) => {
      logger.warn({ exchange: exchange.name, ...refusal }, 'frame-refused');
    });
  }

  /** The first `limit` klines with openTime >= `startTime`, wherever they are. */
  forward(symbol: MarketSymbol, interval: Interval, startTime: number, limit: number): Promise<KlinePage> {
    return this.fetch(symbol, interval, { startTime, limit });
  }

  /** The last `limit` klines with openTime <= `endTime`. */
  backward(symbol: MarketSymbol, interval: Interval, endTime: number, limit: number): Promise<KlinePage> {
    return this.fetch(symbol, interval, { endTime, limit });
  }

  private async fetch(symbol: MarketSymbol, interval: Interval, range: KlineRange): Promise<KlinePage> {
    const page = await this.gate.run(KLINES_REQUEST_WEIGHT, () =>
      this.exchange.fetchKlines(symbol, interval, range),
    );
    await this.gate.observeUsedWeight(page.usedWeight, page.exchangeTime, KLINES_REQUEST_WEIGHT);
    for (const { reason, detail } of page.refused ?? []) {
      this.metrics.valueRefused(this.exchange.name, reason);
      this.refusals.refuse(reason, detail);
    }
    return page;
  }
}
