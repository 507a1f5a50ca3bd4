import type { MarketSymbol } from '@pds/market';
import {
  defineLuaScript,
  integerListReply,
  type LuaScript,
  type RedisKeys,
  type RedisScripts,
} from '@pds/redis';

/** What a leader's step did: written, with the changes it published, or not (no lease, nothing written). */
export type WriteOutcome = { readonly written: true; readonly changes: number } | { readonly written: false };

/**
 * A leader's write as one Lua script, fenced by the symbol's lease: KEYS[1] the lease and ARGV[1]
 * the writer's owner id come before the step's own keys and arguments, and unless that owner holds
 * the lease the step writes nothing and returns {0, 0}. `lua` runs after the fence and returns
 * {1, changes}.
 */
export function defineFencedStep(name: string, lua: string): LuaScript<number[]> {
  return defineLuaScript({
    name,
    parse: integerListReply,
    lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return {0, 0}
end
${lua}`,
  });
}

/** Runs a fenced step for `symbol` as `ownerId`, with the step's own keys and arguments. */
export type RunFencedStep = (
  symbol: MarketSymbol,
  ownerId: string,
  keys: readonly string[],
  args: readonly string[],
) => Promise<WriteOutcome>;

/** Binds a script of defineFencedStep: each run puts the symbol's lease and the owner id first. */
export function bindFencedStep(
  scripts: RedisScripts,
  redisKeys: RedisKeys,
  script: LuaScript<number[]>,
): RunFencedStep {
  const run = scripts.bind(script);
  return async (symbol, ownerId, keys, args) => {
    const [written, changes = 0] = await run([redisKeys.ingestorLease(symbol), ...keys], ownerId, ...args);
    return written === 1 ? { written: true, changes } : { written: false };
  };
}
