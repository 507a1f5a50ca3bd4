import { defineLuaScript, integerReply } from '@pds/redis';

/** Sets the password hash unless the email is verified; returns 1 when set. */
export const REPLACE_UNVERIFIED_PASSWORD = defineLuaScript({
  name: 'pdsReplaceUnverifiedPassword',
  parse: integerReply,
  lua: `
if redis.call('HEXISTS', KEYS[1], 'verifiedAt') == 1 then return 0 end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'passwordHash', ARGV[1])
return 1
`,
});

/** Claims the email in the index and writes the account, or does nothing if the email is taken. */
export const CREATE_ACCOUNT = defineLuaScript({
  name: 'pdsCreateAccount',
  parse: integerReply,
  lua: `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], unpack(ARGV, 3))
return 1
`,
});
