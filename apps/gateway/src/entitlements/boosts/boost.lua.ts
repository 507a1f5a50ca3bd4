import { defineLuaScript, nullableStringReply } from '@pds/redis';

/**
 * KEYS[1] the boosts hash (a key's, or an account's); for an account, KEYS[2] the set of its keys
 * and KEYS[3] the key index (all under the `{api-keys}` hash tag). ARGV: boost id, now ms, changes
 * channel, the key's hash ('' for an account). Removes the boost and announces the change, as the
 * grant does: the key's hash, or the hash of every key of the account, so each replica re-reads
 * them at once. Returns the boost's JSON, or nil when there is no such active boost.
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
if ARGV[4] ~= '' then
  redis.call('PUBLISH', ARGV[3], ARGV[4])
else
  for _, keyId in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    local keyHash = redis.call('HGET', KEYS[3], keyId)
    if keyHash then redis.call('PUBLISH', ARGV[3], keyHash) end
  end
end
return value
`,
});
