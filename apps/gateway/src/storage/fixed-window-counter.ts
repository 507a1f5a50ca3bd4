import { Inject, Injectable } from '@nestjs/common';
import { type RedisClient, type ScriptCommand, scriptCommand } from '@pds/redis';
import { fromStorage } from './storage-unavailable.error';
import { REDIS } from './storage.module';

/** INCR and start the window on the first hit, atomically; returns hits and ms left in the window. */
const INCREMENT_WINDOW = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

export interface WindowCount {
  readonly hits: number;
  readonly msLeft: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica: one script call per hit (EVALSHA,
 * auto-pipelined with the other requests' commands), so three replicas together let exactly `limit`
 * hits through a window.
 */
@Injectable()
export class FixedWindowCounter {
  private readonly incrementWindow: ScriptCommand;

  constructor(@Inject(REDIS) redis: RedisClient) {
    this.incrementWindow = scriptCommand(redis, 'pdsIncrementWindow', INCREMENT_WINDOW);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const reply = await fromStorage(this.incrementWindow(1, key, windowMs));
    const [hits, msLeft] = reply as [number, number];
    return { hits, msLeft };
  }
}

export function secondsLeft(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.msLeft / 1000));
}
