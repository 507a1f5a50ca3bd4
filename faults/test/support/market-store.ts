import { DEFAULT_SYMBOL, type Interval, type Kline, type Price } from '@pds/market';
import { type Sim, type StoredKline, storedClosedKlines, storedPrice } from '@pds/testing';
import type { RedisClient, RedisKeys } from '@pds/redis';

export interface HistoryComparison {
  readonly stored: StoredKline[];
  readonly exchange: Kline[];
}

/** Reads what the service stored in Redis, as it stored it. */
export class MarketStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  closed(interval: Interval): Promise<StoredKline[]> {
    return storedClosedKlines(this.redis, this.keys, interval);
  }

  /**
   * The stored closed klines of `interval` and the exchange's over the same span, read again until
   * they are equal or `timeoutMs` has passed (then the last reading, for the assertion to show the
   * difference).
   */
  async closedOnceSettled(sim: Sim, interval: Interval, timeoutMs: number): Promise<HistoryComparison> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const stored = await this.closed(interval);
      const exchange = await sim.history(interval, stored[0]?.score ?? 0, stored.at(-1)?.score ?? 0);
      const equal = JSON.stringify(stored.map((member) => member.kline)) === JSON.stringify(exchange);
      if (equal || Date.now() > deadline) return { stored, exchange };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  price(): Promise<Price | undefined> {
    return storedPrice(this.redis, this.keys);
  }

  async leaseOwner(): Promise<string | null> {
    return this.redis.get(this.keys.ingestorLease(DEFAULT_SYMBOL));
  }

  async wsLeases(keyId: string, operation: string): Promise<number> {
    return this.redis.zcard(this.keys.wsConnections(keyId, operation));
  }
}
