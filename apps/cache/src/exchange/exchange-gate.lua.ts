import { defineLuaScript, LUA_NOW_MS, integerListReply, integerReply } from '@pds/redis';

/**
 * The exchange's REST budget, shared by every cache worker through Redis. Times come from Redis
 * (TIME), so workers on machines with different clocks agree.
 *
 * KEYS[1] weight log (sorted set, score = send time, member = `token|weight`), KEYS[2] requests in
 * flight (sorted set, score = slot expiry, member = token), KEYS[3] paused-until (epoch ms).
 * ARGV[1] weight of this request, ARGV[2] budget per window, ARGV[3] window ms, ARGV[4] most
 * requests in flight, ARGV[5] in-flight slot ms, ARGV[6] token.
 *
 * Returns {0, 0} when the request may go (its weight and its in-flight slot are recorded), else
 * {ms to wait, reason}: 1 paused after a 429/418, 2 too many in flight, 3 weight budget spent.
 * The budget is a sliding window: no 60 s span ever holds more than the budget, whichever minute
 * boundaries the exchange counts by.
 */
export const EXCHANGE_ACQUIRE_SCRIPT = defineLuaScript({
  name: 'pdsExchangeAcquire',
  parse: integerListReply,
  lua: `${LUA_NOW_MS}
local weight, budget, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local paused = tonumber(redis.call('GET', KEYS[3]) or '0') or 0
if paused > now then return {paused - now, 1} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return {25, 2} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local sent = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local function weightOf(member) return tonumber(string.match(member, '|(%d+)$')) or 0 end
local used = 0
for i = 1, #sent, 2 do used = used + weightOf(sent[i]) end
if used + weight > budget then
  local excess = used + weight - budget
  for i = 1, #sent, 2 do
    excess = excess - weightOf(sent[i])
    if excess <= 0 then return {tonumber(sent[i + 1]) + window - now + 1, 3} end
  end
  return {window, 3}
end
redis.call('ZADD', KEYS[1], now, ARGV[6] .. '|' .. ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[5]), ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return {0, 0}
`,
});

/** KEYS[1] paused-until; ARGV[1] ms from now. Only ever extends a pause. Returns ms left. */
export const EXCHANGE_PAUSE_SCRIPT = defineLuaScript({
  name: 'pdsExchangePause',
  parse: integerReply,
  lua: `${LUA_NOW_MS}
local ms = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if now + ms > current then
  redis.call('SET', KEYS[1], string.format('%.0f', now + ms), 'PX', ms)
  return ms
end
return current - now
`,
});
