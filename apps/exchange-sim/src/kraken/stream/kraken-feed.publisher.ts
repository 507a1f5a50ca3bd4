import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SimTrade } from '../../market/market-events';
import { MarketService } from '../../market/market.service';
import { KrakenMarket } from '../kraken-market';
import { KRAKEN_INTERVALS } from '../kraken-wire';
import { ohlcFrame, tradeFrame } from './kraken-frames';
import { KrakenStreamGateway } from './kraken-stream.gateway';

/**
 * Kraken's updates are made by trades: each trade goes out on `trade`, and the candle it changed on
 * `ohlc` for every subscribed interval. No frame marks a candle's close: the next trade opens the next.
 */
@Injectable()
export class KrakenFeedPublisher implements OnApplicationBootstrap, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly market: MarketService,
    private readonly kraken: KrakenMarket,
    private readonly gateway: KrakenStreamGateway,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.market.onTrade((trade) => {
      this.publish(trade);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private publish(trade: SimTrade): void {
    this.gateway.publish(
      () => tradeFrame('update', [trade]),
      (connection) => connection.subscriptions.has('trade'),
    );
    for (const interval of KRAKEN_INTERVALS) {
      const key = `ohlc:${interval}`;
      if (!this.gateway.hasSubscribers(key)) continue;
      const candle = this.kraken.open(interval);
      if (!candle) continue;
      this.gateway.publish(
        () => ohlcFrame('update', [candle], this.market.now()),
        (connection) => connection.subscriptions.has(key),
      );
    }
  }
}
