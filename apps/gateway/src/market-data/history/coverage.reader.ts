import { Inject, Injectable } from '@nestjs/common';
import { type Interval, intervalMs, type MarketSymbol, type Span, uncoveredParts } from '@pds/market';
import { RedisKeys, REDIS_COMMAND, type RedisClient } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';

/** Gaps looked up per request; any further ones count as unknown (a fill then finds them known). */
const MAX_GAPS = 16;
/** Covered spans read per gap; more (a badly fragmented record) only cost an extra fill round. */
const MAX_SPANS_PER_GAP = 64;

export interface CoverageAnswer {
  /** False when no cache worker ever ran on this deployment (there is no coverage record at all). */
  readonly managed: boolean;
  /** The parts of the gaps that no covered span holds: history to fetch before answering. */
  readonly unknown: Span[];
}

/** Coverage record is a sorted set: score = first open time of a span, member = its last one. */
function spansOf(flat: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    spans.push({ from: Number(flat[index + 1]), to: Number(flat[index]) });
  }
  return spans;
}

/** Reads the cache workers' coverage record on the request path (fails fast while Redis is away). */
@Injectable()
export class CoverageReader {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  /** One round trip (auto-pipelined): whether history is managed, and what of `gaps` is unknown. */
  async unknownParts(
    symbol: MarketSymbol,
    interval: Interval,
    gaps: readonly Span[],
  ): Promise<CoverageAnswer> {
    const key = this.keys.coverage(symbol, interval);
    const looked = gaps.slice(0, MAX_GAPS);
    const [exists, ...perGap] = await fromStorage(
      Promise.all([this.redis.exists(key), ...looked.map((gap) => this.spansAround(key, gap))]),
    );
    const step = intervalMs(interval);
    const unknown = looked.flatMap((gap, index) => uncoveredParts(gap, perGap[index] ?? [], step));
    return { managed: exists === 1, unknown: [...unknown, ...gaps.slice(MAX_GAPS)] };
  }

  /** The span that starts at or before the gap (it may hold its start) and those starting inside it. */
  private async spansAround(key: string, gap: Span): Promise<Span[]> {
    const [before, inside] = await Promise.all([
      this.redis.zrevrangebyscore(key, gap.from, '-inf', 'WITHSCORES', 'LIMIT', 0, 1),
      this.redis.zrangebyscore(key, `(${gap.from}`, gap.to, 'WITHSCORES', 'LIMIT', 0, MAX_SPANS_PER_GAP),
    ]);
    return [...spansOf(before), ...spansOf(inside)];
  }
}
