import { Injectable } from '@nestjs/common';
import { openTimeOf } from '@pds/market';
import { MarketDataService } from '../prices/market-data.service';
import { openTimeOfMessage } from './open-time-range';
import type { StreamRequest } from './stream-request';

/** A stream's first frame: the HTTP 200 body of the same operation and query. */
@Injectable()
export class SnapshotReader {
  constructor(private readonly marketData: MarketDataService) {}

  async read(request: StreamRequest): Promise<string> {
    switch (request.kind) {
      case 'price':
        return this.marketData.currentPrice(request.symbol);
      case 'current-kline':
        return this.marketData.currentKline(request.symbol, request.interval);
      case 'klines': {
        const klines = await this.marketData.klines(request.symbol, request.interval, request.window);
        return `{"klines":[${klines.join(',')}]}`;
      }
    }
  }

  /**
   * A `/klines` range whose end lies before the current open kline: nothing in it changes any more,
   * so it gets its snapshot and a normal close. Market time is the stored open kline's (the exchange
   * clock); without one, this process's clock.
   */
  async endsInPast(request: StreamRequest): Promise<boolean> {
    if (request.kind !== 'klines' || request.window.to === undefined) return false;
    const current = await this.marketData.currentKline(request.symbol, request.interval).then(
      (json) => openTimeOfMessage(json),
      () => openTimeOf(Date.now(), request.interval),
    );
    return request.window.to < current;
  }
}
