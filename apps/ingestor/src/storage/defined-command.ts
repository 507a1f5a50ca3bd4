import type { RedisClient } from '@pds/redis';

export type ScriptCommand = (numberOfKeys: number, ...args: (string | number)[]) => Promise<unknown>;

/**
 * Defines a Lua script as an ioredis command (run by EVALSHA, loaded on NOSCRIPT) and returns it
 * bound: the command only exists at runtime, so ioredis cannot type it statically.
 */
export function definedCommand(redis: RedisClient, name: string, lua: string): ScriptCommand {
  redis.defineCommand(name, { lua });
  const command: unknown = Reflect.get(redis, name);
  if (typeof command !== 'function') throw new Error(`ioredis did not define ${name}`);
  return (...args) => Reflect.apply(command, redis, args) as Promise<unknown>;
}
