import { defineLuaScript, integerReply } from '@pds/redis';

/**
 * Verifies an account with the password of the registration whose link was opened. KEYS: the
 * account. ARGV: that password hash, the time. Returns 1 when done, 0 when there is no such account
 * or it is verified already (a later link must not change the password of a verified account).
 */
export const VERIFY_WITH_PASSWORD = defineLuaScript({
  name: 'pdsVerifyWithPassword',
  parse: integerReply,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'verifiedAt') == 1 then return 0 end
redis.call('HSET', KEYS[1], 'passwordHash', ARGV[1], 'verifiedAt', ARGV[2])
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
