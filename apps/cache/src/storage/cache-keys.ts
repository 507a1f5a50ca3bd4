import { RedisKeys } from '@pds/redis';

/**
 * The shared keys plus the three of the exchange budget, which only the cache workers use.
 * They share the hash tag `{exchange-rest}` so the budget script works on Redis Cluster.
 * They belong in `RedisKeys` (libs/redis) once that lib can change; until then they are built here,
 * in one place, from the same prefix.
 */
export class CacheKeys extends RedisKeys {
  private exchangeRest(): string {
    return `${this.prefix}:{exchange-rest}`;
  }

  /** Sorted set of REST requests of the last minute, score = send time, member = `id|weight`. */
  exchangeWeight(): string {
    return `${this.exchangeRest()}:weight`;
  }

  /** Sorted set of requests in flight, score = lease expiry (a crashed worker frees its slot). */
  exchangeInFlight(): string {
    return `${this.exchangeRest()}:in-flight`;
  }

  /** Epoch ms before which no worker may call the REST API (set from Retry-After on 429/418). */
  exchangePausedUntil(): string {
    return `${this.exchangeRest()}:paused-until`;
  }
}
