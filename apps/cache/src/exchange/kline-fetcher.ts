import { Inject, Injectable } from '@nestjs/common';
import type { ExchangeAdapter, KlinePage, KlineRange } from '@pds/exchange';
import type { Interval, MarketSymbol } from '@pds/market';
import { ExchangeGate } from './exchange-gate';
import { EXCHANGE_ADAPTER } from './exchange.provider';

/** REQUEST_WEIGHT of GET /api/v3/klines on Binance (any limit) and in the simulator. */
export const KLINES_REQUEST_WEIGHT = 2;

/** Kline pages from the exchange's REST history, every request through the shared budget. */
@Injectable()
export class KlineFetcher {
  constructor(
    @Inject(EXCHANGE_ADAPTER) private readonly exchange: ExchangeAdapter,
    private readonly gate: ExchangeGate,
  ) {}

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
    return page;
  }
}
