import { defineLuaScript, integerReply, LUA_NOW_MS, stringListReply } from '@pds/redis';

/**
 * Connection slots: one sorted set per key and operation (RedisKeys.wsConnections), member = a
 * connection id, score = its slot expiry in ms. Time comes from Redis (TIME), so replicas with
 * skewed clocks agree on what has expired. The set itself expires with its last slot.
 */
const NOW = `${LUA_NOW_MS}redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
`;

/** KEYS[1] the set; ARGV member, limit, ttl ms. Returns 1 when the slot was granted, 0 at the limit. */
export const ACQUIRE_SLOT_SCRIPT = defineLuaScript({
  name: 'pdsAcquireWsSlot',
  parse: integerReply,
  // One call per admission, each in an I/O turn of its own: a pipeline would carry this call alone.
  notAutoPipelined: true,
  lua: `${NOW}
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`,
});

/**
 * KEYS[1] the set; ARGV member. Gives the slot back. The three scripts are sent at once, so Redis
 * runs this replica's admissions, releases and renewals in the order it made them: auto-pipelined,
 * a release waited for the end of the turn while the same client's new admission overtook it (and
 * was refused at a limit of one), or it overtook a renewal made before it, which took the slot again.
 */
export const RELEASE_SLOT_SCRIPT = defineLuaScript({
  name: 'pdsReleaseWsSlot',
  parse: integerReply,
  notAutoPipelined: true,
  lua: `return redis.call('ZREM', KEYS[1], ARGV[1])`,
});

/**
 * KEYS[1] the set; ARGV limit, ttl ms, then this replica's members. Extends each slot; a slot that
 * is gone (expired while this replica stalled, or Redis restarted empty) is taken again while there is
 * room. Returns the members that found no room: their connections must close.
 */
export const RENEW_SLOTS_SCRIPT = defineLuaScript({
  name: 'pdsRenewWsSlots',
  parse: stringListReply,
  notAutoPipelined: true,
  lua: `${NOW}
local limit = tonumber(ARGV[1])
local expiry = now + tonumber(ARGV[2])
local lost = {}
for index = 3, #ARGV do
  local member = ARGV[index]
  if redis.call('ZSCORE', KEYS[1], member) or redis.call('ZCARD', KEYS[1]) < limit then
    redis.call('ZADD', KEYS[1], expiry, member)
  else
    table.insert(lost, member)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return lost
`,
});
