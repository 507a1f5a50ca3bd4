import { defineLuaScript, integerReply } from '@pds/redis';

/** What VERIFY_WITH_PASSWORD found. */
export const Verification = { Done: 1, NoAccount: 0, AlreadyVerified: 2, NotPending: 3 } as const;
export type Verification = (typeof Verification)[keyof typeof Verification];

/**
 * Verifies an account with the password of one of its pending registrations. KEYS: the account,
 * its pending registrations. ARGV: the registration id (`<ms>-<random>`), the time (ISO), the
 * oldest registration time (ms) still pending. The registration's hash becomes the account's password and the pending
 * ones are forgotten, in one step, so two links opened at once cannot both set a password.
 */
export const VERIFY_WITH_PASSWORD = defineLuaScript({
  name: 'pdsVerifyWithPendingPassword',
  parse: (reply) => integerReply(reply) as Verification,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'verifiedAt') == 1 then return 2 end
local hash = redis.call('HGET', KEYS[2], ARGV[1])
local at = tonumber(string.match(ARGV[1], '^(%d+)-'))
if not hash or not at or at < tonumber(ARGV[3]) then return 3 end
redis.call('HSET', KEYS[1], 'passwordHash', hash, 'verifiedAt', ARGV[2])
redis.call('DEL', KEYS[2])
return 1
`,
});

/**
 * Adds a registration to the pending ones of an unverified account, keeping the newest ARGV[4].
 * KEYS: the account, its pending registrations. ARGV: registration id, its Argon2 hash, how long the
 * pending ones are kept (ms), how many at most. Returns 1 when added, 0 when the account is gone or
 * verified (a registration then changes nothing).
 */
export const ADD_PENDING_REGISTRATION = defineLuaScript({
  name: 'pdsAddPendingRegistration',
  parse: integerReply,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'verifiedAt') == 1 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
-- Ids begin with their time, zero-padded: sorted, the oldest come first.
local ids = redis.call('HKEYS', KEYS[2])
table.sort(ids)
for i = 1, #ids - tonumber(ARGV[4]) do redis.call('HDEL', KEYS[2], ids[i]) end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`,
});

/**
 * Claims the email in the index and writes the account with its first pending registration, or
 * does nothing if the email is taken. KEYS: the index, the account, its pending registrations.
 * ARGV: email, account id, registration id, its Argon2 hash, how long it is kept (ms), the fields.
 */
export const CREATE_ACCOUNT = defineLuaScript({
  name: 'pdsCreateAccountPending',
  parse: integerReply,
  lua: `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], unpack(ARGV, 6))
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return 1
`,
});

/**
 * A password set with a mailed reset link: the mail proves the address, so the account is verified
 * too and its pending registrations are forgotten. KEYS: the account, its pending registrations.
 * ARGV: the new hash, the time (ISO). Returns 0 when the account is gone.
 */
export const SET_PASSWORD_FROM_MAIL = defineLuaScript({
  name: 'pdsSetPasswordFromMail',
  parse: integerReply,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'passwordHash', ARGV[1])
redis.call('HSETNX', KEYS[1], 'verifiedAt', ARGV[2])
redis.call('DEL', KEYS[2])
return 1
`,
});
