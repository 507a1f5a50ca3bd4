import { defineLuaScript, integerListReply, integerReply } from '@pds/redis';

/**
 * Counts a sign-in attempt, then decides, in one step, so concurrent attempts cannot pass the limit.
 * KEYS: the email's failures from strangers, this address's failures (when the owner signed in from
 * it), the email's known addresses. ARGV: the address hash, the oldest success (ms) that still makes
 * an address known, the window (ms), the strangers' limit, a known address's limit. Returns
 * {allowed 1|0, ms left in the window, the counter used: 1 strangers, 2 the known address}.
 */
export const ADMIT_SIGN_IN = defineLuaScript({
  name: 'pdsAdmitSignIn',
  parse: integerListReply,
  lua: `
local seen = redis.call('ZSCORE', KEYS[3], ARGV[1])
local counter, limit = 1, tonumber(ARGV[4])
if seen and tonumber(seen) >= tonumber(ARGV[2]) then counter, limit = 2, tonumber(ARGV[5]) end
local key = KEYS[counter]
local count = redis.call('INCR', key)
local left = redis.call('PTTL', key)
if left < 0 then
  redis.call('PEXPIRE', key, ARGV[3])
  left = tonumber(ARGV[3])
end
if count > limit then return {0, left, counter} end
return {1, left, counter}
`,
});

/** Takes back an attempt that turned out right: only failures stay counted. KEYS: its counter. */
export const UNCOUNT_SIGN_IN = defineLuaScript({
  name: 'pdsUncountSignIn',
  parse: integerReply,
  lua: `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then count = redis.call('DECR', KEYS[1]) end
return count
`,
});
