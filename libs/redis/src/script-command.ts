import type { RedisClient } from './redis-connection';

export type ScriptCommand = (numberOfKeys: number, ...args: (string | number)[]) => Promise<unknown>;

/**
 * Defines a Lua script as an ioredis command (run by EVALSHA, loaded on NOSCRIPT) and returns it
 * bound: the command only exists at runtime, so ioredis cannot type it statically. EVALSHA sends
 * 40 bytes instead of the script, and Redis does not hash the script on every call.
 */
export function scriptCommand(redis: RedisClient, name: string, lua: string): ScriptCommand {
  redis.defineCommand(name, { lua });
  const command: unknown = Reflect.get(redis, name);
  if (typeof command !== 'function') throw new Error(`ioredis did not define ${name}`);
  return (...args) => Reflect.apply(command, redis, args) as Promise<unknown>;
}
