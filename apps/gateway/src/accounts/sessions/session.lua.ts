import { defineLuaScript, integerReply, oneOfReply } from '@pds/redis';

export const ROTATION_OUTCOMES = ['rotated', 'unknown', 'ended', 'reused'] as const;
export type RotationOutcome = (typeof ROTATION_OUTCOMES)[number];

/**
 * Starts a sign-in. KEYS: session, account's session set, refresh token. ARGV: session id,
 * account id, time to live ms, the sign-in's absolute end (ms since the epoch).
 */
export const START_SESSION = defineLuaScript({
  name: 'pdsStartSession',
  parse: integerReply,
  lua: `
redis.call('HSET', KEYS[1], 'accountId', ARGV[2], 'endsAt', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
redis.call('HSET', KEYS[3], 'sessionId', ARGV[1], 'accountId', ARGV[2], 'endsAt', ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1
`,
});

/**
 * Spends a refresh token for a new one. KEYS: presented token, new token, session, account's
 * session set. ARGV: session id, account id, refresh lifetime ms, now (ms since the epoch), the most
 * a sign-in lasts (ms). A token already spent ends the session: someone else holds a copy of it.
 * The new token lives no longer than the sign-in's absolute end, and past that end the session is
 * over (a session started without one gets it now).
 */
export const ROTATE_REFRESH_TOKEN = defineLuaScript({
  name: 'pdsRotateRefreshToken',
  parse: oneOfReply(ROTATION_OUTCOMES),
  lua: `
if redis.call('HGET', KEYS[1], 'sessionId') ~= ARGV[1] then return 'unknown' end
if redis.call('EXISTS', KEYS[3]) == 0 then return 'ended' end
if redis.call('HEXISTS', KEYS[1], 'spent') == 1 then
  redis.call('DEL', KEYS[3])
  redis.call('SREM', KEYS[4], ARGV[1])
  return 'reused'
end
local now = tonumber(ARGV[4])
local endsAt = tonumber(redis.call('HGET', KEYS[3], 'endsAt'))
if not endsAt then
  endsAt = now + tonumber(ARGV[5])
  redis.call('HSET', KEYS[3], 'endsAt', string.format('%d', endsAt))
end
if endsAt <= now then
  redis.call('DEL', KEYS[3])
  redis.call('SREM', KEYS[4], ARGV[1])
  return 'ended'
end
local ttl = math.min(tonumber(ARGV[3]), endsAt - now)
redis.call('HSET', KEYS[1], 'spent', '1')
redis.call('HSET', KEYS[2], 'sessionId', ARGV[1], 'accountId', ARGV[2], 'endsAt', string.format('%d', endsAt))
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
if redis.call('PTTL', KEYS[4]) < ttl then redis.call('PEXPIRE', KEYS[4], ttl) end
return 'rotated'
`,
});

/**
 * Ends every session of an account. KEYS: the account's session set, then the sessions the caller
 * read from it; ARGV: their ids. Returns 0 (nothing done) when the set changed since, so the caller
 * reads it again.
 */
export const END_ALL_SESSIONS = defineLuaScript({
  name: 'pdsEndAllSessions',
  parse: integerReply,
  lua: `
if redis.call('SCARD', KEYS[1]) ~= #ARGV then return 0 end
for _, id in ipairs(ARGV) do
  if redis.call('SISMEMBER', KEYS[1], id) == 0 then return 0 end
end
for index = 2, #KEYS do redis.call('DEL', KEYS[index]) end
redis.call('DEL', KEYS[1])
return 1
`,
});
