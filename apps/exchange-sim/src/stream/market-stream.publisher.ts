import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Interval } from '@pds/market';
import { INTERVALS } from '@pds/market';
import type { SimKline } from '../market/kline';
import type { SimTrade } from '../market/market-events';
import { MarketService } from '../market/market.service';
import { SimEnvironment } from '../sim.environment';
import { aggTradeStream, klineStream, tradeStream } from './stream-name';
import { aggTradePayload, klinePayload, tradePayload } from './stream-payloads';
import { StreamGateway } from './stream.gateway';

/**
 * Turns the market into stream events: every trade at once on @trade and @aggTrade; each kline
 * interval that traded since its last push every SIM_KLINE_PUSH_MS (x: false), like Binance's 2 s
 * updates; and the final kline (x: true) as soon as its interval ends, traded or not.
 */
@Injectable()
export class MarketStreamPublisher implements OnApplicationBootstrap, OnModuleDestroy {
  /** Intervals whose open kline changed since it was last pushed. */
  private readonly changed = new Set<Interval>();
  private readonly unsubscribes: (() => void)[] = [];
  private pushTimer?: NodeJS.Timeout;

  constructor(
    private readonly market: MarketService,
    private readonly gateway: StreamGateway,
    private readonly env: SimEnvironment,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribes.push(
      this.market.onTrade((trade) => {
        this.publishTrade(trade);
      }),
      this.market.onKlineClosed((kline) => {
        this.publishClose(kline);
      }),
    );
    this.pushTimer = setInterval(() => {
      this.pushOpenKlines();
    }, this.env.SIM_KLINE_PUSH_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.pushTimer);
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }

  /** Pushes the open kline of every interval that traded since its last push. */
  pushOpenKlines(): void {
    // Closing first: a boundary that just passed goes out as x: true before the next interval's push.
    this.market.sync();
    const now = this.market.now();
    for (const interval of this.changed) {
      const stream = klineStream(interval);
      if (!this.gateway.hasSubscribers(stream)) continue;
      const kline = this.market.openKline(interval);
      if (kline) this.gateway.publish(stream, klinePayload(kline, false, now));
    }
    this.changed.clear();
  }

  private publishTrade(trade: SimTrade): void {
    const now = this.market.now();
    this.gateway.publish(tradeStream(), tradePayload(trade, now));
    this.gateway.publish(aggTradeStream(), aggTradePayload(trade, now));
    for (const interval of INTERVALS) this.changed.add(interval);
  }

  private publishClose(kline: SimKline): void {
    this.changed.delete(kline.interval);
    this.gateway.publish(klineStream(kline.interval), klinePayload(kline, true, this.market.now()));
  }
}
