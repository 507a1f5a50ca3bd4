import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SimTrade } from '../market/market-events';
import { MarketService } from '../market/market.service';

/** Kraken's Trades endpoint answers at most the last 1000 trades. */
export const RECENT_TRADES = 1000;

/**
 * The last trades of the live tape, newest last: what GET /0/public/Trades and the trade channel's
 * snapshot show. Trades from before the sim started have no individual record.
 */
@Injectable()
export class RecentTrades implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly trades: SimTrade[] = [];
  private unsubscribe?: () => void;

  constructor(private readonly market: MarketService) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.market.onTrade((trade) => {
      this.trades.push(trade);
      if (this.trades.length > RECENT_TRADES) this.trades.shift();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The newest `count` trades after `sinceMs` (exclusive), oldest first. */
  after(sinceMs: number, count = RECENT_TRADES): SimTrade[] {
    return this.trades.filter((trade) => trade.time > sinceMs).slice(-count);
  }

  get last(): SimTrade | undefined {
    return this.trades.at(-1);
  }
}
