import { Inject, Injectable } from '@nestjs/common';
import { INTERVALS, type Kline, klineJson, type MarketSymbol } from '@pds/market';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts } from '@pds/redis';
import { bindFencedStep } from '../leadership/fenced-step';
import type { KlineWrite } from '../market-state/write-step';
import { INDEX_CLOSED_KEPT, INDEX_STEP_SCRIPT } from './index-step.lua';

/** One second of the index as written: its record and the klines it changed. */
export interface IndexWrite {
  readonly second: number;
  readonly record: string;
  readonly klines: readonly KlineWrite[];
}

/** What another leader left: the newest second it wrote and its open klines. */
export interface StoredIndex {
  readonly lastSecond: number | undefined;
  readonly open: readonly Kline[];
}

/** The index's Redis side (docs/index.md): one fenced script per second, and the take-over's read. */
@Injectable()
export class IndexWriter {
  private readonly step;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
  ) {
    this.step = bindFencedStep(scripts, keys, INDEX_STEP_SCRIPT);
  }

  /** True when written; false when this process does not hold the lease. */
  async write(symbol: MarketSymbol, ownerId: string, write: IndexWrite): Promise<boolean> {
    const keys = [this.keys.indexCurrent(symbol), this.keys.indexSecond(symbol)];
    const args = [
      write.record,
      String(write.second),
      this.keys.indexChannel(symbol),
      String(INDEX_CLOSED_KEPT),
    ];
    for (const { interval, kind, kline } of write.klines) {
      keys.push(
        kind === 'open'
          ? this.keys.indexOpenKline(symbol, interval)
          : this.keys.indexClosedKlines(symbol, interval),
      );
      args.push(
        kind === 'open' ? 'open' : 'closed',
        String(Date.parse(kline.openTime)),
        klineJson(kline),
        this.keys.indexKlineChannel(symbol, interval),
      );
    }
    return (await this.step(symbol, ownerId, keys, args)).written;
  }

  async stored(symbol: MarketSymbol): Promise<StoredIndex> {
    const [second, ...open] = await this.redis.mget(
      this.keys.indexSecond(symbol),
      ...INTERVALS.map((interval) => this.keys.indexOpenKline(symbol, interval)),
    );
    const klines = open.flatMap((json) => (json ? [JSON.parse(json) as Kline] : []));
    const lastSecond = second ? Number(second) : undefined;
    return { lastSecond: Number.isFinite(lastSecond) ? lastSecond : undefined, open: klines };
  }
}
