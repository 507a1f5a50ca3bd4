import { defineLuaScript, integerReply } from '@pds/redis';

/**
 * Creates an account's key unless its plan's cap is reached, in one step so two requests at once
 * cannot both take the last slot. KEYS: the account's live keys, all its keys, the key record, the
 * key index. ARGV: cap, key id, key hash, then the record's fields and values.
 */
export const CREATE_ACCOUNT_KEY = defineLuaScript({
  name: 'pdsCreateAccountKey',
  parse: integerReply,
  lua: `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[3], unpack(ARGV, 4))
redis.call('HSET', KEYS[4], ARGV[2], ARGV[3])
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[2])
return 1
`,
});
