import { defineLuaScript, oneOfReply } from '@pds/redis';

export const GRANT_REPLIES = [
  'granted',
  'unknown-owner',
  'revoked-owner',
  'too-many-boosts',
  'already-granted',
  'event-applied',
] as const;
export type GrantReply = (typeof GRANT_REPLIES)[number];

/**
 * The one script that writes a boost, to a key or to an account, for the admin API, the CLI and
 * billing alike, so a check and its write cannot interleave with a revocation or another grant.
 *
 * KEYS: the boosts hash (the key's or the account's); for a key its record, for an account the set
 * of its keys; the key index; then, when given, the paid Checkout session's marker and the webhook
 * event's marker. Every key shares the `{api-keys}` hash tag.
 * ARGV: target ('key' or 'account'), boost id, boost JSON, expiresAt ms, now ms, most active boosts,
 * changes channel, key id and key hash ('' for an account), how long the paid session's marker
 * lasts (ms; '' for none), how long the event's marker lasts (ms; '' for none).
 *
 * An event applied already changes nothing; otherwise its marker is set in the same step. A paid
 * session grants once. A key must exist and not be revoked. Expired boosts are dropped, the new one
 * added, the hash expires with its last boost, and the change is announced: the key's hash, or the
 * hash of every key of the account, so each replica re-reads them at once.
 */
export const GRANT_BOOST = defineLuaScript({
  name: 'pdsGrantBoost',
  parse: oneOfReply(GRANT_REPLIES),
  lua: `
local function prune_boosts(hash, now, latest)
  local active = 0
  local boosts = redis.call('HGETALL', hash)
  for index = 1, #boosts, 2 do
    local ok, boost = pcall(cjson.decode, boosts[index + 1])
    local expiresAt = ok and type(boost) == 'table' and tonumber(boost.expiresAt) or 0
    if expiresAt <= now then
      redis.call('HDEL', hash, boosts[index])
    else
      active = active + 1
      if expiresAt > latest then latest = expiresAt end
    end
  end
  return active, latest
end

local boosts, toKey = KEYS[1], ARGV[1] == 'key'
local cursor, paid, event = 4, nil, nil
if ARGV[10] ~= '' then paid = KEYS[cursor]; cursor = cursor + 1 end
if ARGV[11] ~= '' then event = KEYS[cursor] end
if event and redis.call('EXISTS', event) == 1 then return 'event-applied' end
if event then redis.call('SET', event, 'applied', 'PX', ARGV[11]) end
if paid and redis.call('EXISTS', paid) == 1 then return 'already-granted' end
if toKey then
  if redis.call('HGET', KEYS[2], 'id') ~= ARGV[8] then return 'unknown-owner' end
  if redis.call('HEXISTS', KEYS[2], 'revokedAt') == 1 then return 'revoked-owner' end
end
local active, latest = prune_boosts(boosts, tonumber(ARGV[5]), tonumber(ARGV[4]))
if active >= tonumber(ARGV[6]) then return 'too-many-boosts' end
redis.call('HSET', boosts, ARGV[2], ARGV[3])
redis.call('PEXPIREAT', boosts, latest)
if paid then redis.call('SET', paid, ARGV[2], 'PX', ARGV[10]) end
if toKey then
  redis.call('PUBLISH', ARGV[7], ARGV[9])
else
  for _, keyId in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    local keyHash = redis.call('HGET', KEYS[3], keyId)
    if keyHash then redis.call('PUBLISH', ARGV[7], keyHash) end
  end
end
return 'granted'
`,
});
