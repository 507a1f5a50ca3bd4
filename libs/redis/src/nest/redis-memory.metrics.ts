import { Inject, Injectable } from '@nestjs/common';
import { gaugeReadAtScrape } from '@pds/observability';
import { Registry } from 'prom-client';
import { type RedisMemory, readRedisMemory } from '../health/redis-memory';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';

/** A scrape waits this long for Redis, then leaves the gauges out. */
const SCRAPE_TIMEOUT_MS = 1000;

async function memoryOrNothing(client: RedisClient): Promise<RedisMemory | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, SCRAPE_TIMEOUT_MS, undefined);
  });
  try {
    return await Promise.race([readRedisMemory(client), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redis' memory use and the room left under maxmemory, read at each scrape, so an alert fires
 * before Redis is full and starts refusing writes (noeviction). Absent when Redis does not answer
 * (not 0: "no memory used" would be a lie), and the headroom also without a maxmemory.
 */
@Injectable()
export class RedisMemoryMetrics {
  constructor(registry: Registry, @Inject(REDIS_COMMAND) client: RedisClient) {
    const gauge = (name: string, help: string, value: (memory: RedisMemory) => number | undefined): void => {
      gaugeReadAtScrape({
        registry,
        name,
        help,
        read: async () => {
          const memory = await memoryOrNothing(client);
          return memory === undefined ? undefined : value(memory);
        },
      });
    };
    gauge(
      'pds_redis_memory_used_bytes',
      "Redis' used_memory (summed over a Cluster's masters); absent while Redis does not answer",
      (m) => m.usedBytes,
    );
    gauge(
      'pds_redis_maxmemory_bytes',
      "Redis' maxmemory; 0 means no limit; absent while Redis does not answer",
      (m) => m.maxBytes,
    );
    gauge(
      'pds_redis_memory_headroom_bytes',
      'maxmemory minus used_memory of the Redis that fills first; absent without a limit or an answer',
      (m) => m.headroomBytes,
    );
  }
}
