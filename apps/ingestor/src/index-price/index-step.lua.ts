import { defineFencedStep } from '../leadership/fenced-step';

/** Closed index klines kept per interval (docs/index.md, "History"): the largest getKlines `limit`. */
export const INDEX_CLOSED_KEPT = 1000;

/**
 * One second of the index, applied atomically and fenced by the leader lease (defineFencedStep),
 * like the prices' ingest step (ingest-step.lua.ts).
 *
 * KEYS[1] lease, KEYS[2] the current record, KEYS[3] its second, KEYS[4 + i] the kline key of op i
 *   (open kline string or closed-kline sorted set; all share the symbol's hash tag).
 * ARGV[1] owner id, ARGV[2] the current record JSON, ARGV[3] its second (epoch ms), ARGV[4] the
 *   index channel, ARGV[5] closed klines kept per interval, then 4 per op: kind (open | closed),
 *   openTime ms, Kline JSON, channel.
 *
 * The record is written and published only for a second after the stored one (a take-over replays
 * seconds it may share with the last leader); an open kline only when the stored one does not
 * open later; a closed kline replaces the member of its openTime, and the oldest beyond the kept
 * count are dropped. Returns {1, changes}, or {0, 0} when this process does not hold the lease.
 */
export const INDEX_STEP_SCRIPT = defineFencedStep(
  'pdsIndexStep',
  `
for base = 6, #ARGV, 4 do
  if ARGV[base] ~= 'open' and ARGV[base] ~= 'closed' then
    return redis.error_reply('unknown index kline write kind ' .. tostring(ARGV[base]))
  end
end

local function openTimeOf(json)
  local ok, value = pcall(cjson.decode, json)
  if ok and type(value) == 'table' and type(value.openTime) == 'string' then return value.openTime end
  return nil
end

local changes = 0
local second = tonumber(ARGV[3]) or -1
local stored = tonumber(redis.call('GET', KEYS[3]) or '') or -1
if second > stored then
  redis.call('SET', KEYS[2], ARGV[2])
  redis.call('SET', KEYS[3], ARGV[3])
  redis.call('PUBLISH', ARGV[4], ARGV[2])
  changes = changes + 1
end

local kept = tonumber(ARGV[5])
local op = 0
while 5 + op * 4 < #ARGV do
  local base = 5 + op * 4
  local key = KEYS[4 + op]
  local kind, score, json, channel = ARGV[base + 1], ARGV[base + 2], ARGV[base + 3], ARGV[base + 4]
  local write = true
  if kind == 'open' then
    local storedOpen = openTimeOf(redis.call('GET', key) or '')
    local openTime = openTimeOf(json)
    if storedOpen and openTime and storedOpen > openTime then write = false else redis.call('SET', key, json) end
  else
    redis.call('ZREMRANGEBYSCORE', key, score, score)
    redis.call('ZADD', key, score, json)
    redis.call('ZREMRANGEBYRANK', key, 0, -kept - 1)
  end
  if write then
    redis.call('PUBLISH', channel, json)
    changes = changes + 1
  end
  op = op + 1
end
return {1, changes}
`,
);
