import { Inject, Injectable } from '@nestjs/common';
import {
  type Interval,
  INTERVALS,
  intervalMs,
  type Kline,
  klineJson,
  klineOpenTimeMs,
  type MarketSymbol,
  type Span,
} from '@pds/market';
import { type RedisClient, type ScriptCommand, scriptCommand } from '@pds/redis';
import { CacheKeys } from '../storage/cache-keys';
import { REDIS } from '../storage/redis.tokens';
import { KNOWN_IN_RANGE_LUA, STORE_KLINES_LUA, TRIM_KLINES_LUA } from './kline-store.lua';
import { unknownSpans } from './spans';

function numbers(reply: unknown): number[] {
  return Array.isArray(reply) ? reply.map(Number) : [];
}

function spansOf(flat: readonly number[]): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    spans.push({ from: flat[index] ?? 0, to: flat[index + 1] ?? 0 });
  }
  return spans;
}

/** Closed-kline history and its coverage record in Redis (layout: kline-store.lua.ts). */
@Injectable()
export class KlineStore {
  private readonly storeCommand: ScriptCommand;
  private readonly trimCommand: ScriptCommand;
  private readonly knownCommand: ScriptCommand;

  constructor(
    @Inject(REDIS) redis: RedisClient,
    private readonly keys: CacheKeys,
  ) {
    this.storeCommand = scriptCommand(redis, 'pdsStoreKlines', STORE_KLINES_LUA);
    this.trimCommand = scriptCommand(redis, 'pdsTrimKlines', TRIM_KLINES_LUA);
    this.knownCommand = scriptCommand(redis, 'pdsKnownInRange', KNOWN_IN_RANGE_LUA);
  }

  /** The parts of `range` that are neither stored nor covered: what a fill must fetch. */
  async unknown(symbol: MarketSymbol, interval: Interval, range: Span): Promise<Span[]> {
    if (range.to < range.from) return [];
    const reply = await this.knownCommand(2, ...this.historyKeys(symbol, interval), range.from, range.to);
    const [present, spans] = Array.isArray(reply) ? (reply as unknown[]) : [];
    return unknownSpans(range, spansOf(numbers(spans)), numbers(present), intervalMs(interval));
  }

  /**
   * Stores the closed ones of `klines` and records `covered`, atomically, and announces a write on
   * the history channel; returns how many klines were written (0 when all were stored already).
   */
  async save(
    symbol: MarketSymbol,
    interval: Interval,
    klines: readonly Kline[],
    covered: Span | undefined,
  ): Promise<number> {
    const args: (string | number)[] = [
      intervalMs(interval),
      covered?.from ?? '',
      covered?.to ?? '',
      this.keys.historyChannel(symbol),
      interval,
    ];
    const header = args.length;
    for (const kline of klines) {
      if (kline.isClosed) args.push(klineOpenTimeMs(kline), klineJson(kline));
    }
    if (args.length === header && !covered) return 0;
    return Number(await this.storeCommand(2, ...this.historyKeys(symbol, interval), ...args));
  }

  /**
   * Starts a coverage record for every interval (slot 0, 1970, which no exchange has a kline for):
   * from then on gateways know this deployment's history is managed and fill what is missing.
   */
  async markManaged(symbol: MarketSymbol): Promise<void> {
    await Promise.all(INTERVALS.map((interval) => this.save(symbol, interval, [], { from: 0, to: 0 })));
  }

  /** Trims the interval to its newest `keep` klines; returns how many were removed. */
  async trim(symbol: MarketSymbol, interval: Interval, keep: number): Promise<number> {
    const reply = await this.trimCommand(
      2,
      ...this.historyKeys(symbol, interval),
      keep,
      intervalMs(interval),
    );
    return Number(reply);
  }

  private historyKeys(symbol: MarketSymbol, interval: Interval): [string, string] {
    return [this.keys.closedKlines(symbol, interval), this.keys.coverage(symbol, interval)];
  }
}
