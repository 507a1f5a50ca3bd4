import { Inject, Injectable } from '@nestjs/common';
import { klineJson, type MarketSymbol, priceJson } from '@pds/market';
import {
  readLastEventTime,
  RedisKeys,
  type RedisClient,
  type ScriptCommand,
  scriptCommand,
} from '@pds/redis';
import type { WriteStep } from '../market-state/write-step';

import { REDIS } from '../storage/redis.tokens';
import { INGEST_STEP_LUA } from './ingest-step.lua';

export type WriteOutcome = { readonly written: true; readonly changes: number } | { readonly written: false };

const COMMAND = 'pdsIngestStep';

/**
 * Writes one `WriteStep` as one Lua script (ioredis runs it by EVALSHA and loads it on NOSCRIPT):
 * latest price, open klines, closed-kline history, lastEventTime, and a PUBLISH per change,
 * all or nothing and only while `ownerId` holds the lease.
 */
@Injectable()
export class MarketWriter {
  private readonly ingestStep: ScriptCommand;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {
    this.ingestStep = scriptCommand(redis, COMMAND, INGEST_STEP_LUA);
  }

  async write(symbol: MarketSymbol, ownerId: string, step: WriteStep): Promise<WriteOutcome> {
    const keys = [
      this.keys.ingestorLease(symbol),
      this.keys.latestPrice(symbol),
      this.keys.lastEventTime(symbol),
    ];
    const args: string[] = [
      ownerId,
      String(step.eventTime),
      step.price ? priceJson(step.price) : '',
      step.price?.time ?? '',
      this.keys.priceChannel(symbol),
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
        klineJson(kline),
        this.keys.klineChannel(symbol, interval),
      );
    }
    const reply = await this.ingestStep(keys.length, ...keys, ...args);
    if (!Array.isArray(reply) || reply[0] !== 1) return { written: false };
    return { written: true, changes: Number(reply[1]) };
  }

  /** The exchange time of the newest event any leader wrote, if any. */
  lastEventTime(symbol: MarketSymbol): Promise<number | undefined> {
    return readLastEventTime(this.redis, this.keys, symbol);
  }
}
