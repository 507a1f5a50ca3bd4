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

/** What ADD_PENDING_REGISTRATION did. */
export const PendingAdd = { NotPending: 0, Added: 1, Full: 2 } as const;
export type PendingAdd = (typeof PendingAdd)[keyof typeof PendingAdd];

/**
 * Adds a registration to the pending ones of an unverified account, first come: once ARGV[4] are
 * pending, a newer one is not kept (2), so nobody's later sign-ups push out an earlier one; only
 * the 7-day expiry frees a place. KEYS: the account, its pending registrations. ARGV: registration
 * id, its Argon2 hash, how long the pending ones are kept (ms), how many at most, the oldest time
 * (ms) still pending. Returns 1 when added, 0 when the account is gone or verified.
 */
export const ADD_PENDING_REGISTRATION = defineLuaScript({
  name: 'pdsAddPendingRegistrationFirstCome',
  parse: (reply) => integerReply(reply) as PendingAdd,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'verifiedAt') == 1 then return 0 end
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  local at = tonumber(string.match(id, '^(%d+)-'))
  if not at or at < tonumber(ARGV[5]) then redis.call('HDEL', KEYS[2], id) end
end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 2 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`,
});

/**
 * Counts one registration mail to an address in a fixed hour (CONTRACT section 10: at most 5 an
 * hour). KEYS: the counter. ARGV: the window (ms). Returns the count including this one.
 */
export const COUNT_REGISTRATION_MAIL = defineLuaScript({
  name: 'pdsCountRegistrationMail',
  parse: integerReply,
  lua: `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
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
