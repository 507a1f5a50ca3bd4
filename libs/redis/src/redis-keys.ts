import type { Interval, MarketSymbol } from '@pds/market';

/**
 * Every Redis key and pub/sub channel of the service, built in this one place.
 *
 * Market keys of one symbol share the hash tag `{symbol}`, so the ingestor's multi-key Lua step
 * works on Redis Cluster unchanged. Values are JSON in the interface's HTTP shape:
 *
 * | key                         | type       | value                                             |
 * |-----------------------------|------------|---------------------------------------------------|
 * | latestPrice                 | string     | Price JSON                                        |
 * | openKline(interval)         | string     | Kline JSON (isClosed false)                       |
 * | closedKlines(interval)      | sorted set | score openTime ms, member Kline JSON (isClosed true) |
 * | coverage(interval)          | sorted set | covered [start,end] ranges of history, see cache  |
 * | lastEventTime               | string     | epoch ms of the newest exchange event written     |
 *
 * Channels carry the same JSON as the keys: `priceChannel` a Price per new last price,
 * `klineChannel(interval)` a Kline per change (at a rollover the closed kline, then the new open one).
 * `historyChannel` carries the interval whose closed klines the cache workers rewrote (history
 * fills and repairs are not pushed kline by kline): whoever mirrors them reads them again.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  private market(symbol: MarketSymbol): string {
    return `${this.prefix}:{${symbol}}`;
  }

  latestPrice(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:price`;
  }

  openKline(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:open`;
  }

  closedKlines(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:closed`;
  }

  coverage(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:coverage`;
  }

  lastEventTime(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:last-event-time`;
  }

  ingestorLease(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:ingestor-lease`;
  }

  priceChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:price`;
  }

  klineChannel(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:changes:kline:${interval}`;
  }

  /** Interval names whose closed-kline history was written outside the live feed (cache workers). */
  historyChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:history`;
  }

  /**
   * One gateway process's own channel: a marker it publishes from inside the script that reads its
   * in-memory mirror's snapshot, so it knows which pub/sub messages came before that read.
   */
  mirrorFenceChannel(processId: string): string {
    return `${this.prefix}:mirror-fence:${processId}`;
  }

  /** API key record, a hash, found by the SHA-256 of the key; the key itself is never stored. */
  apiKey(keyHash: string): string {
    return `${this.prefix}:{api-keys}:key:${keyHash}`;
  }

  /** Hash of key id → key hash, for listing and revoking by id. */
  apiKeyIndex(): string {
    return `${this.prefix}:{api-keys}:index`;
  }

  /**
   * Hash of one key's boosts, field boost id → JSON `{id, extraRequestsPerMinute, extraWsConnections,
   * grantedAt, expiresAt}` (epoch ms); the hash expires with its last boost.
   */
  apiKeyBoosts(keyId: string): string {
    return `${this.prefix}:{api-keys}:boosts:${keyId}`;
  }

  /** Hash of key id → when the key was last used (ISO 8601), written at most about once a minute. */
  apiKeyLastUsed(): string {
    return `${this.prefix}:{api-keys}:last-used`;
  }

  /** Channel announcing a change to a key record (revocation, limits), payload the key hash. */
  apiKeyChangesChannel(): string {
    return `${this.prefix}:{api-keys}:changes`;
  }

  /** Fixed-window request counter of one tracker (a key id or an address) for one bucket. */
  rateLimit(tracker: string, bucket: string): string {
    return `${this.prefix}:rate:{${tracker}}:${bucket}`;
  }

  /** Fixed-window counter of failed authentications from one client address. */
  authFailures(address: string): string {
    return `${this.prefix}:auth-failures:{${address}}`;
  }

  /** Sorted set of a key's open WebSocket connections on one operation, score = lease expiry. */
  wsConnections(keyId: string, operation: string): string {
    return `${this.prefix}:ws:{${keyId}}:${operation}`;
  }

  /** BullMQ prefix, hash-tagged so each queue's keys land in one Cluster slot. */
  queuePrefix(): string {
    return `{${this.prefix}:queues}`;
  }
}
