import { defineLuaScript, integerReply } from '@pds/redis';

/**
 * Writes an account's plan and subscription. KEYS: the account hash, and for a webhook the marker of
 * its event. ARGV: when Stripe was read (ms), plan, then subscription id, status, current period
 * end, cancel at period end, pending plan ('' id: none; '' pending plan: no change planned), and for
 * a webhook how long its marker lasts (ms).
 * A state read from Stripe earlier than the one stored is ignored, so concurrent webhooks cannot
 * put an older state back. An event whose marker is set was applied already: nothing is written,
 * and otherwise the marker is set in the same step, so two deliveries of one event apply once.
 * Returns 1 when written, 0 when older or the account is gone, 2 for an event applied already.
 */
export const APPLY_BILLING_STATE = defineLuaScript({
  name: 'pdsApplyBillingState',
  parse: integerReply,
  lua: `
local event = KEYS[2]
if event and redis.call('EXISTS', event) == 1 then return 2 end
if event then redis.call('SET', event, 'applied', 'PX', ARGV[8]) end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local stored = tonumber(redis.call('HGET', KEYS[1], 'billingReadAt') or '0')
if stored > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'billingReadAt', ARGV[1], 'plan', ARGV[2])
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], 'subscriptionId', 'subscriptionStatus', 'currentPeriodEnd', 'cancelAtPeriodEnd',
    'pendingPlan')
else
  redis.call('HSET', KEYS[1], 'subscriptionId', ARGV[3], 'subscriptionStatus', ARGV[4],
    'currentPeriodEnd', ARGV[5], 'cancelAtPeriodEnd', ARGV[6])
  if ARGV[7] == '' then redis.call('HDEL', KEYS[1], 'pendingPlan')
  else redis.call('HSET', KEYS[1], 'pendingPlan', ARGV[7]) end
end
return 1
`,
});

/**
 * Announces every key of an account on the key change channel, so each replica re-reads their
 * limits. KEYS: the set of the account's keys, the key index. ARGV: the channel.
 */
export const ANNOUNCE_ACCOUNT_KEYS = defineLuaScript({
  name: 'pdsAnnounceAccountKeys',
  parse: integerReply,
  lua: `
local announced = 0
for _, keyId in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local keyHash = redis.call('HGET', KEYS[2], keyId)
  if keyHash then
    redis.call('PUBLISH', ARGV[1], keyHash)
    announced = announced + 1
  end
end
return announced
`,
});
