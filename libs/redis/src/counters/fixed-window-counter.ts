import { Injectable } from '@nestjs/common';
import { RedisScripts } from '../scripts/redis-scripts';
import type { RunScript } from '../scripts/lua-script';
import { INCREMENT_WINDOW_SCRIPT, type WindowCount } from './fixed-window.lua';

export type { WindowCount };

/**
 * Fixed-window counters in Redis, shared by every replica: one script call per hit (EVALSHA,
 * auto-pipelined with the other requests' commands), so three replicas together let exactly `limit`
 * hits through a window.
 */
@Injectable()
export class FixedWindowCounter {
  private readonly incrementWindow: RunScript<WindowCount>;

  constructor(scripts: RedisScripts) {
    this.incrementWindow = scripts.bind(INCREMENT_WINDOW_SCRIPT);
  }

  increment(key: string, windowMs: number): Promise<WindowCount> {
    return this.incrementWindow([key], windowMs);
  }
}

export function secondsLeft(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.msLeft / 1000));
}
