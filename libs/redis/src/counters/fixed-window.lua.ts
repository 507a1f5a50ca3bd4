import { defineLuaScript } from '../scripts/lua-script';
import { integerListReply } from '../scripts/script-replies';

export interface WindowCount {
  readonly hits: number;
  readonly msLeft: number;
}

/** ARGV entries per hit: window ms, limit, KEYS index of its tally hash (0: none), field, expiry. */
export const ARGS_PER_HIT = 5;

function windowCountsReply(reply: unknown): WindowCount[] {
  const numbers = integerListReply(reply);
  const counts: WindowCount[] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    counts.push({ hits: numbers[index] ?? 0, msLeft: numbers[index + 1] ?? 0 });
  }
  return counts;
}

/**
 * For each hit i (KEYS[i], ARGV[5i-4..5i]), atomically: INCR its window key and start its window
 * of ARGV[5i-4] ms on the first hit; when ARGV[5i-2] names a tally hash (a KEYS index after the
 * window keys), HINCRBY `<field>:requests` there, also `<field>:rejected` once the hits pass the
 * limit ARGV[5i-3], and set the hash to expire at ARGV[5i] (epoch seconds). The tally rides in the
 * same call so that counting usage costs no round trip of its own.
 * Returns {hits1, msLeft1, hits2, msLeft2, ...}; a key given twice counts twice.
 */
export const INCREMENT_WINDOWS_SCRIPT = defineLuaScript({
  name: 'pdsIncrementWindows',
  parse: windowCountsReply,
  batchedByCaller: true,
  lua: `
local counts = {}
for index = 1, #ARGV / ${ARGS_PER_HIT} do
  local base = (index - 1) * ${ARGS_PER_HIT}
  local key = KEYS[index]
  local hits = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[base + 1])
    ttl = tonumber(ARGV[base + 1])
  end
  local tally = tonumber(ARGV[base + 3])
  if tally > 0 then
    local field = ARGV[base + 4]
    redis.call('HINCRBY', KEYS[tally], field .. ':requests', 1)
    if hits > tonumber(ARGV[base + 2]) then
      redis.call('HINCRBY', KEYS[tally], field .. ':rejected', 1)
    end
    redis.call('EXPIREAT', KEYS[tally], ARGV[base + 5])
  end
  counts[#counts + 1] = hits
  counts[#counts + 1] = ttl
end
return counts
`,
});
