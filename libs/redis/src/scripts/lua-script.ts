import type { RedisClient } from '../redis-connection';

/** A Lua script defined once: its command name, its source and how to read its reply. */
export interface LuaScript<Reply> {
  /** The ioredis command name (unique per connection), e.g. `pdsIngestStep`. */
  readonly name: string;
  readonly lua: string;
  /** Checks and converts Redis' raw reply; throws on a shape the script never returns. */
  readonly parse: (reply: unknown) => Reply;
  /**
   * Sent at once, not auto-pipelined: its caller already gathers each event-loop turn's calls into
   * one, or its calls come one per turn (a WebSocket admission), where ioredis' pipeline would hold a
   * single command in an object of about 3 KiB (a copy of every script's name) until Redis answers.
   * Calls sent at once overtake auto-pipelined ones of the same turn: scripts whose order matters to
   * each other are sent at once together.
   */
  readonly notAutoPipelined?: boolean;
}

/**
 * Lua that sets `now` to Redis' clock in epoch ms, for scripts to begin with: processes on machines
 * with skewed clocks then agree on what has expired.
 */
export const LUA_NOW_MS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** Runs a script with its KEYS, then its ARGV. */
export type RunScript<Reply> = (keys: readonly string[], ...args: (string | number)[]) => Promise<Reply>;

export function defineLuaScript<Reply>(script: LuaScript<Reply>): LuaScript<Reply> {
  return script;
}

/**
 * Binds `script` to `redis` as an ioredis command, which always sends EVALSHA and falls back to
 * loading the source on NOSCRIPT (after a restart or failover): 40 bytes per call instead of the
 * script, and Redis does not hash the source on every call. The command only exists at runtime,
 * so ioredis cannot type it; the script's parser types the reply instead.
 */
export function bindLuaScript<Reply>(redis: RedisClient, script: LuaScript<Reply>): RunScript<Reply> {
  redis.defineCommand(script.name, { lua: script.lua });
  // ioredis searches this list on every call, so a script bound again is not listed again. A new
  // array: ioredis' default one is shared by every connection.
  const { options } = redis;
  const ignored = options.autoPipeliningIgnoredCommands ?? [];
  if (script.notAutoPipelined && !ignored.includes(script.name)) {
    options.autoPipeliningIgnoredCommands = [...ignored, script.name];
  }
  const command: unknown = Reflect.get(redis, script.name);
  if (typeof command !== 'function') throw new Error(`ioredis did not define ${script.name}`);
  return (keys, ...args) => {
    const reply = Reflect.apply(command, redis, [keys.length, ...keys, ...args]) as Promise<unknown>;
    return reply.then(script.parse);
  };
}
