import { defineLuaScript, nullableStringReply } from '@pds/redis';

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
