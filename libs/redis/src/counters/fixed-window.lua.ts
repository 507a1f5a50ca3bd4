import { defineLuaScript } from '../scripts/lua-script';
import { integerListReply } from '../scripts/script-replies';

export interface WindowCount {
  readonly hits: number;
  readonly msLeft: number;
}

function windowCountsReply(reply: unknown): WindowCount[] {
  const numbers = integerListReply(reply);
  const counts: WindowCount[] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    counts.push({ hits: numbers[index] ?? 0, msLeft: numbers[index + 1] ?? 0 });
  }
  return counts;
}

/**
 * For each KEYS[i] in order, one hit: INCR, and start its window of ARGV[i] ms on the first hit,
 * atomically. Returns {hits1, msLeft1, hits2, msLeft2, ...}; a key given twice counts twice.
 */
export const INCREMENT_WINDOWS_SCRIPT = defineLuaScript({
  name: 'pdsIncrementWindows',
  parse: windowCountsReply,
  batchedByCaller: true,
  lua: `
local counts = {}
for index, key in ipairs(KEYS) do
  local hits = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[index])
    ttl = tonumber(ARGV[index])
  end
  counts[#counts + 1] = hits
  counts[#counts + 1] = ttl
end
return counts
`,
});
