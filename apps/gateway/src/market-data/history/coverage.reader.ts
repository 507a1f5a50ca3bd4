import { Inject, Injectable } from '@nestjs/common';
import {
  type Interval,
  intervalMs,
  type MarketSymbol,
  PAGE_KLINES,
  type Span,
  uncoveredParts,
} from '@pds/market';
import { liveRefusedSpans, RedisKeys, REDIS_COMMAND, type RedisClient } from '@pds/redis';
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

/**
 * Reads the cache workers' coverage record on the request path (fails fast while Redis is away),
 * with their refused-page record: a page with refused rows is known until it may be asked again
 * (refused-pages.ts), so a read never waits for a fetch the cache workers will not make.
 */
@Injectable()
export class CoverageReader {
  /** The service's clock (whether a refused page may be asked again); one injectable clock at merge. */
  private readonly now: () => number = () => Date.now();

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
    const refusedKey = this.keys.refusedPages(symbol, interval);
    const step = intervalMs(interval);
    const looked = gaps.slice(0, MAX_GAPS);
    const [exists, ...perGap] = await fromStorage(
      Promise.all([
        this.redis.exists(key),
        ...looked.map((gap) => this.knownAround(key, refusedKey, gap, step)),
      ]),
    );
    const unknown = looked.flatMap((gap, index) => uncoveredParts(gap, perGap[index] ?? [], step));
    return { managed: exists === 1, unknown: [...unknown, ...gaps.slice(MAX_GAPS)] };
  }

  /** The covered spans around the gap and the refused pages still known that may overlap it. */
  private async knownAround(key: string, refusedKey: string, gap: Span, step: number): Promise<Span[]> {
    const [covered, refused] = await Promise.all([
      this.spansAround(key, gap),
      this.redis.zrangebyscore(
        refusedKey,
        Math.max(0, gap.from - PAGE_KLINES * step),
        gap.to,
        'WITHSCORES',
        'LIMIT',
        0,
        MAX_SPANS_PER_GAP,
      ),
    ]);
    return [...covered, ...liveRefusedSpans(refused, this.now())];
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
