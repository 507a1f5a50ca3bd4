import { defineLuaScript, oneOfReply } from '@pds/redis';
import { LUA_PRUNE_BOOSTS } from './boost-pruning.lua';

const GRANT_OUTCOMES = ['granted', 'too-many-boosts', 'already-granted', 'event-applied'] as const;
export type GrantOutcome = (typeof GRANT_OUTCOMES)[number];

/**
 * Grants a boost to an account. KEYS: the account's boosts hash, the set of all its keys, the key
 * index, for a paid boost the marker of its Checkout session, and for a webhook the marker of its
 * event. ARGV: boost id, boost JSON, expiresAt ms, now ms, max active boosts, changes channel, for a
 * paid boost how long its marker lasts (ms), and for a webhook how long the event's marker lasts
 * (ms). Drops expired boosts, adds the new one (once per paid session), lets the hash expire with
 * its last boost, and announces every key of the account so each replica re-reads them. An event
 * applied already changes nothing; otherwise its marker is set in the same step. Returns 'granted',
 * 'too-many-boosts', 'already-granted' or 'event-applied'.
 */
export const GRANT_ACCOUNT_BOOST = defineLuaScript({
  name: 'pdsGrantAccountBoost',
  parse: oneOfReply(GRANT_OUTCOMES),
  lua: `${LUA_PRUNE_BOOSTS}
local paid = #KEYS >= 4
local event = KEYS[5]
if event and redis.call('EXISTS', event) == 1 then return 'event-applied' end
if event then redis.call('SET', event, 'applied', 'PX', ARGV[8]) end
if paid and redis.call('EXISTS', KEYS[4]) == 1 then return 'already-granted' end
local active, latest = prune_boosts(KEYS[1], tonumber(ARGV[4]), tonumber(ARGV[3]))
if active >= tonumber(ARGV[5]) then return 'too-many-boosts' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[1], latest)
if paid then redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[7]) end
for _, keyId in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local keyHash = redis.call('HGET', KEYS[3], keyId)
  if keyHash then redis.call('PUBLISH', ARGV[6], keyHash) end
end
return 'granted'
`,
});
