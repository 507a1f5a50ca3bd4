import { Inject, Injectable } from '@nestjs/common';
import type { Interval, MarketSymbol } from '@pds/market';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { ApiException } from '../errors/api-exception';
import { fromStorage } from '../errors/storage-unavailable.error';
import {
  type KlinesWindow,
  selectKlines,
  type StoredKline,
  takesFirst,
} from '../market-data/klines/klines-selection';
import { MarketMirror } from '../market-data/mirror/market-mirror';
import { openKlineOf } from './open-kline';

const NOT_YET = 'No index computed yet; retry shortly';

/** The body of a second without a value, as the ingestor stores it (the 503 body itself). */
function isUnavailable(record: string): boolean {
  return record.startsWith('{"code":');
}

/**
 * Reads the index as the ingestor's leader writes it (docs/index.md): from the mirror while it is
 * exact, else from Redis. No read-through: the index has no exchange history, and a slot without a
 * value is a gap.
 */
@Injectable()
export class IndexPriceService {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly mirror: MarketMirror,
  ) {}

  /** The newest second's 200 body; a second without a value is the 503 INDEX_UNAVAILABLE. */
  current(symbol: MarketSymbol): string | Promise<string> {
    const mirrored = this.mirror.indexRecord(symbol)?.json;
    if (mirrored !== undefined) return answerOf(mirrored);
    return this.record(symbol).then(answerOf);
  }

  /** The newest second's record as stored: the 200 body or the INDEX_UNAVAILABLE body (a stream's frame). */
  async record(symbol: MarketSymbol): Promise<string> {
    const mirrored = this.mirror.indexRecord(symbol)?.json;
    if (mirrored !== undefined) return mirrored;
    const stored = await fromStorage(this.redis.get(this.keys.indexCurrent(symbol)));
    if (stored === null) throw ApiException.indexUnavailable(NOT_YET);
    return stored;
  }

  /** The index's klines of the window (CONTRACT section 3's order and range rules). */
  async klines(symbol: MarketSymbol, interval: Interval, window: KlinesWindow): Promise<string[]> {
    const read =
      this.mirror.indexKlines(symbol, interval)?.read(window) ??
      (await this.fromRedis(symbol, interval, window));
    const bounded = window.from !== undefined || window.to !== undefined;
    if (!bounded && !read.open) throw ApiException.indexUnavailable(NOT_YET);
    return selectKlines(read.closed, read.open, window);
  }

  private async fromRedis(
    symbol: MarketSymbol,
    interval: Interval,
    window: KlinesWindow,
  ): Promise<{ closed: StoredKline[]; open: StoredKline | undefined }> {
    const key = this.keys.indexClosedKlines(symbol, interval);
    const low = String(window.from ?? '-inf');
    const high = String(window.to ?? '+inf');
    const [reply, open] = await Promise.all([
      takesFirst(window)
        ? fromStorage(this.redis.zrange(key, low, high, 'BYSCORE', 'LIMIT', 0, window.limit, 'WITHSCORES'))
        : fromStorage(
            this.redis.zrange(key, high, low, 'BYSCORE', 'REV', 'LIMIT', 0, window.limit, 'WITHSCORES'),
          ),
      fromStorage(this.redis.get(this.keys.indexOpenKline(symbol, interval))),
    ]);
    const closed: StoredKline[] = [];
    for (let index = 0; index < reply.length; index += 2) {
      closed.push({ json: reply[index] ?? '', openTime: Number(reply[index + 1]) });
    }
    return { closed: takesFirst(window) ? closed : closed.reverse(), open: openKlineOf(open) };
  }
}

function answerOf(record: string): string {
  if (!isUnavailable(record)) return record;
  const { message } = JSON.parse(record) as { message?: unknown };
  throw ApiException.indexUnavailable(typeof message === 'string' ? message : NOT_YET);
}
