import { Inject, Injectable } from '@nestjs/common';
import { type Interval, type MarketSymbol, openTimeOfKlineJson } from '@pds/market';
import { RedisKeys, REDIS_COMMAND, type RedisClient, type SourcedRecord, splitSource } from '@pds/redis';
import type { RequestDeadline } from '../../deadline/request-deadline';
import { ApiException } from '../../errors/api-exception';
import type { KlinesRead } from '../klines/needed-slots';
import { HistoryReadThrough } from '../history/history-read-through';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { MarketMirror } from '../mirror/market-mirror';
import { type KlinesAnswer, klinesBody, KlinesBodies } from './klines-bodies';
import type { MirroredKlines } from '../mirror/mirrored-klines';
import { type KlinesWindow, selectKlines, type StoredKline, takesFirst } from '../klines/klines-selection';

const NO_DATA_YET = 'No market data received yet; retry shortly';

/** The klines of an answer and the exchange of the newest: the open kline's, when it is the last. */
interface SelectedKlines {
  readonly klines: string[];
  readonly source: string | undefined;
}

function selected(klines: string[], open: StoredKline | undefined): SelectedKlines {
  return { klines, source: open !== undefined && klines.at(-1) === open.json ? open.source : undefined };
}

/**
 * Reads market data in the layout the ingestor writes (see RedisKeys). Answers are JSON strings.
 * The in-memory mirror answers what it holds exactly; everything else is read from Redis.
 */
@Injectable()
export class MarketDataService {
  /** getKlines answers built from the mirror, per series. */
  private readonly bodies = new Map<MirroredKlines, KlinesBodies>();

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly history: HistoryReadThrough,
    private readonly mirror: MarketMirror,
  ) {}

  /**
   * The latest price JSON and the exchange stored with it: at once from the mirror (no promise on
   * the hot path), else read from Redis.
   */
  currentPrice(symbol: MarketSymbol): SourcedRecord | Promise<SourcedRecord> {
    return this.mirror.latestPrice(symbol) ?? this.storedRecord(this.keys.latestPrice(symbol));
  }

  /** The open kline's JSON and the exchange stored with it, like currentPrice. */
  currentKline(symbol: MarketSymbol, interval: Interval): SourcedRecord | Promise<SourcedRecord> {
    const mirrored = this.mirror.klines(symbol, interval)?.openKline;
    if (mirrored !== undefined) return { json: mirrored.json, source: mirrored.source };
    return this.storedRecord(this.keys.openKline(symbol, interval));
  }

  private async storedRecord(key: string): Promise<SourcedRecord> {
    const record = await fromStorage(this.redis.get(key));
    if (record === null) throw ApiException.serviceUnavailable(NO_DATA_YET, 5);
    return splitSource(record);
  }

  /**
   * The getKlines 200 body and its newest kline's exchange: at once from the mirror (no promise on
   * the hot path), built once per mirror version and window; else read from Redis.
   */
  klinesBody(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    deadline?: RequestDeadline,
  ): KlinesAnswer | Promise<KlinesAnswer> {
    const series = this.mirror.klines(symbol, interval);
    return (
      (series && this.mirroredBody(series, interval, window)) ??
      this.redisBody(symbol, interval, window, deadline)
    );
  }

  private mirroredBody(
    series: MirroredKlines,
    interval: Interval,
    window: KlinesWindow,
  ): KlinesAnswer | undefined {
    let bodies = this.bodies.get(series);
    if (!bodies) {
      bodies = new KlinesBodies(series, (at) => this.fromMirror(series, interval, at)?.klines);
      this.bodies.set(series, bodies);
    }
    return bodies.answer(window);
  }

  private async redisBody(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    deadline: RequestDeadline | undefined,
  ): Promise<KlinesAnswer> {
    const read = await this.fromRedis(symbol, interval, window, deadline);
    return { body: klinesBody(read.klines), source: read.source };
  }

  async klines(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    deadline?: RequestDeadline,
  ): Promise<string[]> {
    const series = this.mirror.klines(symbol, interval);
    const mirrored = series && this.fromMirror(series, interval, window);
    return (mirrored ?? (await this.fromRedis(symbol, interval, window, deadline))).klines;
  }

  /**
   * The answer from memory when the mirror holds the whole read and it needs nothing fetched. An
   * interval without an open kline is left to Redis (no live data yet, or data restored unannounced).
   */
  private fromMirror(
    series: MirroredKlines,
    interval: Interval,
    window: KlinesWindow,
  ): SelectedKlines | undefined {
    const read = series.read(window);
    if (!read?.open || !this.history.isComplete(interval, window, read)) return undefined;
    return selected(selectKlines(read.closed, read.open, window), read.open);
  }

  private async fromRedis(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
    deadline: RequestDeadline | undefined,
  ): Promise<SelectedKlines> {
    // Read-through: what the window needs and Redis lacks is fetched by the cache workers first.
    const read = () => this.readKlines(symbol, interval, window);
    const { closed, open } = await this.history.complete(symbol, interval, window, read, deadline);
    const bounded = window.from !== undefined || window.to !== undefined;
    // Without bounds the answer ends with the open kline (CONTRACT section 3): none yet, no answer.
    if (!bounded && !open) throw ApiException.serviceUnavailable(NO_DATA_YET, 5);
    return selected(selectKlines(closed, open, window), open);
  }

  private async readKlines(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
  ): Promise<KlinesRead> {
    const [closed, openJson] = await Promise.all([
      this.closedKlines(symbol, interval, window),
      fromStorage(this.redis.get(this.keys.openKline(symbol, interval))),
    ]);
    const open = openJson === null ? undefined : openKlineOf(splitSource(openJson));
    return { closed, open };
  }

  /** Closed klines in the window, ascending, at most `limit` from the end that counts. */
  private async closedKlines(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
  ): Promise<StoredKline[]> {
    const key = this.keys.closedKlines(symbol, interval);
    const low = String(window.from ?? '-inf');
    const high = String(window.to ?? '+inf');
    // With the legacy reply mapping WITHSCORES answers a flat [member, score, ...] list.
    const reply = takesFirst(window)
      ? await fromStorage(
          this.redis.zrange(key, low, high, 'BYSCORE', 'LIMIT', 0, window.limit, 'WITHSCORES'),
        )
      : await fromStorage(
          this.redis.zrange(key, high, low, 'BYSCORE', 'REV', 'LIMIT', 0, window.limit, 'WITHSCORES'),
        );
    const klines: StoredKline[] = [];
    for (let index = 0; index < reply.length; index += 2) {
      klines.push({ json: reply[index] ?? '', openTime: Number(reply[index + 1]) });
    }
    return takesFirst(window) ? klines : klines.reverse();
  }
}

function openKlineOf({ json, source }: SourcedRecord): StoredKline {
  const openTime = openTimeOfKlineJson(json);
  return source === undefined ? { openTime, json } : { openTime, json, source };
}
