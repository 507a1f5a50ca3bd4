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
 * ARGV[1] = n windows. For each KEYS[i] (i ≤ n), its part of ARGV after that is `windowMs, hits`:
 * INCRBY the hits, and start the window of `windowMs` on its first hit, atomically. Then each later
 * KEYS[j] is a tally hash, its part of ARGV after the windows being
 * `expireAt, fieldCount, field, amount, field, amount, …`: HINCRBY each field and EXPIREAT the
 * hash (epoch seconds). The tallies ride in this call so that counting usage costs no round trip
 * of its own. Returns {hits1, msLeft1, hits2, msLeft2, ...}, each window's count after its hits.
 */
export const INCREMENT_WINDOWS_SCRIPT = defineLuaScript({
  name: 'pdsIncrementWindows',
  parse: windowCountsReply,
  // One call per event-loop turn already (FixedWindowCounter): auto-pipelining would add a pipeline.
  notAutoPipelined: true,
  lua: `
local windowCount = tonumber(ARGV[1])
local counts = {}
for index = 1, windowCount do
  local key = KEYS[index]
  local windowMs = ARGV[index * 2]
  local hits = redis.call('INCRBY', key, ARGV[index * 2 + 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, windowMs)
    ttl = tonumber(windowMs)
  end
  counts[#counts + 1] = hits
  counts[#counts + 1] = ttl
end
local at = windowCount * 2 + 2
for tally = windowCount + 1, #KEYS do
  local expireAt = ARGV[at]
  local fieldCount = tonumber(ARGV[at + 1])
  at = at + 2
  for _ = 1, fieldCount do
    redis.call('HINCRBY', KEYS[tally], ARGV[at], ARGV[at + 1])
    at = at + 2
  end
  redis.call('EXPIREAT', KEYS[tally], expireAt)
end
return counts
`,
});
