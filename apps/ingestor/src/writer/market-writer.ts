import { Inject, Injectable } from '@nestjs/common';
import { klineJson, type MarketSymbol, priceJson } from '@pds/market';
import {
  readLastEventTime,
  REDIS_COMMAND,
  type RedisClient,
  RedisKeys,
  RedisScripts,
  withSource,
} from '@pds/redis';
import { serviceNow } from '@pds/exchange';
import { bindFencedStep, type WriteOutcome } from '../leadership/fenced-step';
import type { WriteStep } from '../market-state/write-step';
import { INGEST_STEP_SCRIPT } from './ingest-step.lua';

/**
 * Writes one `WriteStep` as one Lua script (ioredis runs it by EVALSHA and loads it on NOSCRIPT):
 * latest price and open klines (each with the exchange it came from), closed-kline history,
 * lastEventTime, the exchange status, and a PUBLISH per change, all or nothing and only while
 * `ownerId` holds the lease.
 */
@Injectable()
export class MarketWriter {
  private readonly ingestStep;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
  ) {
    this.ingestStep = bindFencedStep(scripts, keys, INGEST_STEP_SCRIPT);
  }

  async write(symbol: MarketSymbol, ownerId: string, step: WriteStep): Promise<WriteOutcome> {
    const keys = [
      this.keys.latestPrice(symbol),
      this.keys.lastEventTime(symbol),
      this.keys.exchangeStatus(symbol),
      this.keys.latestPriceTradeId(symbol),
    ];
    const args: string[] = [
      String(step.eventTime),
      step.price ? this.sourced(priceJson(step.price), step) : '',
      step.price?.time ?? '',
      this.keys.priceChannel(symbol),
      step.status ?? '',
      this.keys.exchangeStatusChannel(symbol),
      String(serviceNow()),
      step.price && step.priceTradeId !== undefined ? String(step.priceTradeId) : '',
      step.exchange ?? '',
    ];
    for (const { interval, kind, kline } of step.klines) {
      keys.push(
        kind === 'open' ? this.keys.openKline(symbol, interval) : this.keys.closedKlines(symbol, interval),
      );
      const openTimeMs = Date.parse(kline.openTime);
      args.push(
        kind,
        String(openTimeMs),
        kline.openTime,
        kind === 'open' ? this.sourced(klineJson(kline), step) : klineJson(kline),
        this.keys.klineChannel(symbol, interval),
      );
    }
    return this.ingestStep(symbol, ownerId, keys, args);
  }

  /** The price and open klines are stored with their exchange, closed history as the exchange gave it. */
  private sourced(json: string, step: WriteStep): string {
    return step.exchange === undefined ? json : withSource(json, step.exchange);
  }

  /** The exchange time of the newest event any leader wrote, if any. */
  lastEventTime(symbol: MarketSymbol): Promise<number | undefined> {
    return readLastEventTime(this.redis, this.keys, symbol);
  }
}
