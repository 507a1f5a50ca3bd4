import { MAX_CLOCK_LEAD_MS, TRADE_ID_REORDER_WINDOW, HELD_TIME_SLACK_MS } from '@pds/exchange';
import { MARKET_RULES_LUA } from '@pds/redis';
import { defineFencedStep } from '../leadership/fenced-step';

/**
 * One exchange event, applied atomically and fenced by the leader lease (defineFencedStep).
 *
 * KEYS[1] lease, KEYS[2] latest price, KEYS[3] last event time, KEYS[4] exchange status, KEYS[5]
 *   the latest price's trade id, KEYS[6 + i] the kline key of op i from 0 (open kline string or
 *   closed-kline sorted set; all share the symbol's hash tag).
 * ARGV[1] owner id, ARGV[2] event time (ms), ARGV[3] Price JSON or '', ARGV[4] its time (ISO),
 * ARGV[5] price channel, ARGV[6] exchange status JSON or '', ARGV[7] status channel, ARGV[8] the
 * service's clock (epoch ms: no time beyond it + 60 s is stored), ARGV[9] the price's trade
 * id or '', ARGV[10] its exchange or '', then 5 per op: kind, openTime ms, openTime ISO, Kline
 * JSON, channel.
 *
 * The price is the newest by the exchange's order (`servesAfter` in libs/exchange, the same rule):
 * a stored price dated ahead of the service's clock (HELD_TIME_SLACK_MS) was no real trade's and
 * any valid price replaces it; otherwise, from the exchange of the stored one, a higher trade id, a
 * later time or a stored id far above replaces it; from another (a failover) only a time not
 * before the stored one, so Price.time never goes back at a switch.
 *
 * Returns {1, changes} when written, {0, 0} when this process does not hold the lease (nothing written).
 * ISO-8601 times of `toISOString` have a fixed width, so comparing them as strings compares the times.
 *
 * Defence in depth (CONTRACT section 11): a price, kline or event time that breaks the rules (not
 * positive, high below low, dated beyond the service's clock + 60 s) is not written, and a
 * stored one that breaks them (written by an older version) gives way to the next valid one instead
 * of holding it back by "time never goes back".
 */
export const INGEST_STEP_SCRIPT = defineFencedStep(
  'pdsIngestStep',
  `${MARKET_RULES_LUA}
local function field(json, name)
  local ok, value = pcall(cjson.decode, json)
  if ok and type(value) == 'table' and type(value[name]) == 'string' then return value[name] end
  return nil
end

-- Validate every op before writing anything: a script that fails half-way leaves half its writes.
for base = 11, #ARGV, 5 do
  local kind = ARGV[base]
  if kind ~= 'open' and kind ~= 'closed' and kind ~= 'closed-if-absent' then
    return redis.error_reply('unknown kline write kind ' .. tostring(kind))
  end
end

local serviceNow = tonumber(ARGV[8])
local bound = marketNowBound(serviceNow and serviceNow + ${MAX_CLOCK_LEAD_MS})
local eventTime = tonumber(ARGV[2]) or -1
local storedEventTime = tonumber(redis.call('GET', KEYS[3]) or '') or -1
-- A stored newest time ahead of the service's clock was no real event's: it gives way.
if storedEventTime > bound or (serviceNow ~= nil and storedEventTime > serviceNow + ${HELD_TIME_SLACK_MS}) then
  storedEventTime = -1
end
local changes = 0

if ARGV[3] ~= '' and validPrice(ARGV[3], bound) then
  local stored = redis.call('GET', KEYS[2])
  local storedTime = stored and validPrice(stored, bound) and field(stored, 'time')
  local id, storedId = tonumber(ARGV[9]), tonumber(redis.call('GET', KEYS[5]) or '')
  local inOrder = storedTime and id and storedId and ARGV[10] ~= '' and field(stored, 'source') == ARGV[10]
  -- A stored price dated ahead of the service's clock was no real trade's: any valid one replaces it.
  local newer = not storedTime or (serviceNow ~= nil and isoMs(storedTime) > serviceNow + ${HELD_TIME_SLACK_MS})
  if newer then
  elseif inOrder then
    newer = id > storedId or ARGV[4] > storedTime or storedId - id > ${TRADE_ID_REORDER_WINDOW}
  else
    newer = ARGV[4] >= storedTime
  end
  if newer then
    redis.call('SET', KEYS[2], ARGV[3])
    if id then redis.call('SET', KEYS[5], ARGV[9]) else redis.call('DEL', KEYS[5]) end
    redis.call('PUBLISH', ARGV[5], ARGV[3])
    changes = changes + 1
  end
end

if ARGV[6] ~= '' and redis.call('GET', KEYS[4]) ~= ARGV[6] then
  redis.call('SET', KEYS[4], ARGV[6])
  redis.call('PUBLISH', ARGV[7], ARGV[6])
end

local op = 0
while 10 + op * 5 < #ARGV do
  local key = KEYS[6 + op]
  local base = 10 + op * 5
  local kind, score, openIso, json, channel = ARGV[base + 1], ARGV[base + 2], ARGV[base + 3], ARGV[base + 4], ARGV[base + 5]
  local write = validKline(json, bound) ~= nil
  if not write then -- refused: never stored
  elseif kind == 'open' then
    local stored = validKline(redis.call('GET', key), bound)
    local storedOpen = stored and stored.openTime
    if storedOpen and (storedOpen > openIso or (storedOpen == openIso and eventTime < storedEventTime)) then
      write = false
    else
      redis.call('SET', key, json)
    end
  elseif kind == 'closed' then
    local members = redis.call('ZRANGEBYSCORE', key, score, score)
    if #members == 1 and members[1] == json then
      write = false -- the same kline already stored (the ingestor's own close): no update to publish
    else
      redis.call('ZREMRANGEBYSCORE', key, score, score)
      redis.call('ZADD', key, score, json)
    end
  else -- closed-if-absent: a stored member that breaks the rules counts as absent
    for _, member in ipairs(redis.call('ZRANGEBYSCORE', key, score, score)) do
      if validKline(member, bound) then write = false end
    end
    if write then
      redis.call('ZREMRANGEBYSCORE', key, score, score)
      redis.call('ZADD', key, score, json)
    end
  end
  if write then
    redis.call('PUBLISH', channel, json)
    changes = changes + 1
  end
  op = op + 1
end

if eventTime > storedEventTime and eventTime <= bound then
  redis.call('SET', KEYS[3], ARGV[2])
end
return {1, changes}
`,
);
