import { defineLuaScript, nullableStringReply } from '@pds/redis';

/**
 * Records an account's Stripe customer once. KEYS: the account hash, the customer → account index,
 * the set of billed accounts. ARGV: customer id, account id. Returns the account's customer id (the
 * one recorded first wins), or nil when the account is gone.
 */
export const RECORD_STRIPE_CUSTOMER = defineLuaScript({
  name: 'pdsRecordStripeCustomer',
  parse: nullableStringReply,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if redis.call('HSETNX', KEYS[1], 'stripeCustomerId', ARGV[1]) == 0 then
  return redis.call('HGET', KEYS[1], 'stripeCustomerId')
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[2])
return ARGV[1]
`,
});
