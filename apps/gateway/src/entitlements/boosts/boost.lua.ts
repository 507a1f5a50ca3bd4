import { LUA_PRUNE_BOOSTS } from '@pds/entitlements';
import { defineLuaScript, nullableStringReply, oneOfReply } from '@pds/redis';

const GRANT_OUTCOMES = ['granted', 'unknown-key', 'revoked-key', 'too-many-boosts'] as const;
export type GrantReply = (typeof GRANT_OUTCOMES)[number];

/**
 * Boost changes as single Lua scripts, so a check and its write cannot interleave with a revocation
 * and every change is announced in the same step. Both keys share the `{api-keys}` hash tag.
 */

/**
 * KEYS[1] the key record (by key hash), KEYS[2] the key's boosts hash. ARGV: key id, boost id, boost
 * JSON, expiresAt ms, now ms, max active boosts, changes channel, key hash. Drops expired boosts,
 * adds the new one, lets the hash expire with its last boost, and announces the change.
 * Returns 'granted', 'unknown-key', 'revoked-key' or 'too-many-boosts'.
 */
export const GRANT_BOOST_SCRIPT = defineLuaScript({
  name: 'pdsGrantBoost',
  parse: oneOfReply(GRANT_OUTCOMES),
  lua: `${LUA_PRUNE_BOOSTS}
if redis.call('HGET', KEYS[1], 'id') ~= ARGV[1] then return 'unknown-key' end
if redis.call('HEXISTS', KEYS[1], 'revokedAt') == 1 then return 'revoked-key' end
local active, latest = prune_boosts(KEYS[2], tonumber(ARGV[5]), tonumber(ARGV[4]))
if active >= tonumber(ARGV[6]) then return 'too-many-boosts' end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[2], latest)
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 'granted'
`,
});

/**
 * KEYS[1] the key's boosts hash. ARGV: boost id, now ms, changes channel, key hash. Removes the
 * boost and announces the change; returns its JSON, or nil when there is no such active boost.
 */
export const END_BOOST_SCRIPT = defineLuaScript({
  name: 'pdsEndBoost',
  parse: nullableStringReply,
  lua: `
local value = redis.call('HGET', KEYS[1], ARGV[1])
if not value then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
local ok, boost = pcall(cjson.decode, value)
if not ok or type(boost) ~= 'table' or (tonumber(boost.expiresAt) or 0) <= tonumber(ARGV[2]) then
  return nil
end
redis.call('PUBLISH', ARGV[3], ARGV[4])
return value
`,
});
