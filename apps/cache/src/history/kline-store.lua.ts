import { arrayReply, defineLuaScript, integerListReply, integerReply, MARKET_RULES_LUA } from '@pds/redis';
import { MAX_CLOCK_LEAD_MS } from '@pds/exchange';

/**
 * What KNOWN_IN_RANGE_SCRIPT found: open times of stored klines, covered spans flat (from, to, …),
 * and the refused-page records that may overlap (member, score, …; see refused-pages.ts).
 */
export interface KnownInRange {
  readonly present: number[];
  readonly spans: number[];
  readonly refusedPages: string[];
}

function knownInRangeReply(reply: unknown): KnownInRange {
  const [present, spans, refusedPages] = arrayReply(reply);
  return {
    present: integerListReply(present ?? []),
    spans: integerListReply(spans ?? []),
    refusedPages: arrayReply(refusedPages ?? []).map(String),
  };
}

/**
 * History of one interval: KEYS[1] the closed-kline sorted set (score openTime, member Kline JSON, the
 * ingestor's layout), KEYS[2] its coverage record: a sorted set of disjoint, non-adjacent covered
 * spans, score = first open time, member = last open time (both inclusive, as decimal strings).
 *
 * Coverage invariant: every slot inside a covered span either holds its kline in KEYS[1] or has no
 * kline on the exchange (before the listing, or an exchange outage). Slots outside covered spans may
 * still hold klines (the ingestor writes live ones without touching coverage).
 */
const COVERAGE_HELPERS = `
local function fmt(n) return string.format('%.0f', n) end

-- Adds [a, b] to the coverage record, merged with every span it overlaps or touches.
local function cover(key, a, b, step)
  while true do
    local span = redis.call('ZREVRANGEBYSCORE', key, fmt(b + step), '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
    if #span == 0 then break end
    local e, s = tonumber(span[1]), tonumber(span[2])
    if e < a - step then break end
    redis.call('ZREM', key, span[1])
    if s < a then a = s end
    if e > b then b = e end
  end
  redis.call('ZADD', key, fmt(a), fmt(b))
end

-- Removes the slots [a, b] from the coverage record, keeping what lies on either side.
local function uncover(key, a, b, step)
  while true do
    local span = redis.call('ZREVRANGEBYSCORE', key, fmt(b), '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
    if #span == 0 then break end
    local e, s = tonumber(span[1]), tonumber(span[2])
    if e < a then break end
    redis.call('ZREM', key, span[1])
    if e > b then redis.call('ZADD', key, fmt(b + step), fmt(e)) end
    if s < a then
      redis.call('ZADD', key, fmt(s), fmt(a - step))
      break
    end
  end
end
`;

/**
 * Stores closed klines from the exchange's REST history and records what the page covered, in one
 * atomic step. KEYS[3] is the refused-pages record (refused-pages.ts): a page with refused rows
 * (ARGV[6], its member, not '') is recorded there instead of in the coverage, and removes no stored
 * kline; any page supersedes the refused-page records that start inside its span. Idempotent: a kline identical to the stored one is left alone; any other member with
 * that open time (the ingestor's own rollover close, which REST history supersedes) is replaced, so
 * there is never more than one member per open time; a stored kline inside the covered span that the
 * page does not hold is removed (the exchange has none there). When it wrote a kline it publishes ARGV[5] on
 * the history channel ARGV[4] (gateways mirroring the newest klines read them again).
 * ARGV[1] interval ms, ARGV[2]/ARGV[3] covered span or '' '', ARGV[4] history channel, ARGV[5] the
 * interval's name, ARGV[6] the refused-page member or '', ARGV[7] now on the service's clock (epoch
 * ms; a kline may be dated at most MAX_CLOCK_LEAD_MS past it, CONTRACT section 11) and ARGV[8] a
 * page's length before ARGV[2] (refused-page records there that may be asked again are dropped),
 * then open time and JSON per kline.
 * A kline breaking CONTRACT section 11 (high below low, a price of 0, dated beyond the service's clock) is
 * never stored, and the stored one at its open time stays (defence in depth: the REST client drops
 * such rows before they get here).
 * Returns the number of klines written.
 */
export const STORE_KLINES_SCRIPT = defineLuaScript({
  name: 'pdsStoreKlines',
  parse: integerReply,
  lua: `${COVERAGE_HELPERS}${MARKET_RULES_LUA}
local step = tonumber(ARGV[1])
local bound = marketNowBound(tonumber(ARGV[7]) + ${MAX_CLOCK_LEAD_MS})
local written = 0
local refusedPage = ARGV[6]
if ARGV[2] ~= '' and refusedPage == '' then
  -- The exchange's history is the truth over the covered span: a stored kline it does not have there
  -- (a standby exchange's, while the primary was dark; the ingestor's own close in an exchange halt) goes.
  local fetched = {}
  for i = 9, #ARGV, 2 do fetched[ARGV[i]] = true end
  local stored = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[2], fmt(tonumber(ARGV[3]) + step - 1), 'WITHSCORES')
  for i = 1, #stored, 2 do
    if not fetched[stored[i + 1]] then
      redis.call('ZREM', KEYS[1], stored[i])
      written = written + 1
    end
  end
end
for i = 9, #ARGV, 2 do
  local score, json = ARGV[i], ARGV[i + 1]
  local stored = redis.call('ZRANGEBYSCORE', KEYS[1], score, score)
  if (#stored ~= 1 or stored[1] ~= json) and validKline(json, bound) then
    redis.call('ZREMRANGEBYSCORE', KEYS[1], score, score)
    redis.call('ZADD', KEYS[1], score, json)
    written = written + 1
  end
end
if ARGV[2] ~= '' then
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[8], ARGV[3])) do
    local retryAt = tonumber(string.match(member, ':(%d+)$'))
    if retryAt == nil or retryAt <= tonumber(ARGV[7]) then redis.call('ZREM', KEYS[3], member) end
  end
  redis.call('ZREMRANGEBYSCORE', KEYS[3], ARGV[2], ARGV[3])
  if refusedPage == '' then cover(KEYS[2], tonumber(ARGV[2]), tonumber(ARGV[3]), step)
  else redis.call('ZADD', KEYS[3], ARGV[2], refusedPage) end
end
if written > 0 then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
return written
`,
});

/**
 * Keeps the newest ARGV[1] closed klines and cuts the coverage record over the slots it trimmed
 * (from the oldest removed kline to just before the new oldest one), so the record stays true.
 * Covered spans below the oldest removed kline held no stored kline, so they remain true.
 * ARGV[2] interval ms. Returns the number of klines removed.
 */
export const TRIM_KLINES_SCRIPT = defineLuaScript({
  name: 'pdsTrimKlines',
  parse: integerReply,
  lua: `${COVERAGE_HELPERS}
local keep, step = tonumber(ARGV[1]), tonumber(ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if count <= keep then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, count - keep - 1)
local kept = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
-- Coverage is in grid slots; a kline off the grid (after an exchange halt) is in the slot it opens in.
local function slot(t) return t - (t % step) end
uncover(KEYS[2], slot(tonumber(oldest[2])), slot(tonumber(kept[2])) - step, step)
return count - keep
`,
});

/**
 * What is known about [ARGV[1], ARGV[2]]: the open times of stored klines in it, the covered spans
 * that overlap it (flat: from, to, from, to, ...), and the refused-page records (KEYS[3]) starting
 * from ARGV[3] (a page's length before ARGV[1]) to ARGV[2]. Open times only, not the kline JSON.
 */
export const KNOWN_IN_RANGE_SCRIPT = defineLuaScript({
  name: 'pdsKnownInRange',
  parse: knownInRangeReply,
  lua: `
local a, b = ARGV[1], ARGV[2]
local members = redis.call('ZRANGEBYSCORE', KEYS[1], a, b, 'WITHSCORES')
local present = {}
for i = 2, #members, 2 do present[#present + 1] = members[i] end
local spans = {}
local first = redis.call('ZREVRANGEBYSCORE', KEYS[2], a, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
if #first == 2 then
  spans[1] = first[2]
  spans[2] = first[1]
end
local rest = redis.call('ZRANGEBYSCORE', KEYS[2], '(' .. a, b, 'WITHSCORES')
for i = 1, #rest, 2 do
  spans[#spans + 1] = rest[i + 1]
  spans[#spans + 1] = rest[i]
end
local refused = redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[3], b, 'WITHSCORES')
return {present, spans, refused}
`,
});
