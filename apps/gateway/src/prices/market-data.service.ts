import { Inject, Injectable } from '@nestjs/common';
import { type Interval, type MarketSymbol } from '@pds/market';
import { RedisKeys, type RedisClient } from '@pds/redis';
import { ApiException } from '../errors/api-exception';
import type { KlinesRead } from '../history/needed-slots';
import { HistoryReadThrough } from '../history/history-read-through.service';
import { fromStorage } from '../storage/storage-unavailable.error';
import { REDIS } from '../storage/storage.module';
import { type KlinesWindow, selectKlines, type StoredKline, takesFirst } from './klines-selection';

const NO_DATA_YET = 'No market data received yet; retry shortly';

function openTimeOfJson(json: string): number {
  return Date.parse((JSON.parse(json) as { openTime: string }).openTime);
}

/** Reads market data in the layout the ingestor writes (see RedisKeys). Answers are JSON strings. */
@Injectable()
export class MarketDataService {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly history: HistoryReadThrough,
  ) {}

  async currentPrice(symbol: MarketSymbol): Promise<string> {
    const price = await fromStorage(this.redis.get(this.keys.latestPrice(symbol)));
    if (price === null) throw ApiException.serviceUnavailable(NO_DATA_YET, 5);
    return price;
  }

  async currentKline(symbol: MarketSymbol, interval: Interval): Promise<string> {
    const kline = await fromStorage(this.redis.get(this.keys.openKline(symbol, interval)));
    if (kline === null) throw ApiException.serviceUnavailable(NO_DATA_YET, 5);
    return kline;
  }

  async klines(symbol: MarketSymbol, interval: Interval, window: KlinesWindow): Promise<string[]> {
    // Read-through: what the window needs and Redis lacks is fetched by the cache workers first.
    const { closed, open } = await this.history.complete(symbol, interval, window, () =>
      this.readKlines(symbol, interval, window),
    );
    const bounded = window.from !== undefined || window.to !== undefined;
    // Without bounds the answer ends with the open kline (CONTRACT section 3): none yet, no answer.
    if (!bounded && !open) throw ApiException.serviceUnavailable(NO_DATA_YET, 5);
    return selectKlines(closed, open, window);
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
    const open = openJson === null ? undefined : { openTime: openTimeOfJson(openJson), json: openJson };
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
