/**
 * How far ahead of Redis's clock a stored market time may be, for a script whose caller does not
 * pass the service's own bound (`marketNowBound(bound)`): coarser than the 60 s of CONTRACT
 * section 11, since the caller's clock may be shifted in tests (SERVICE_CLOCK_OFFSET_MS).
 */
export const STORE_MAX_AHEAD_MS = 360_000;

/**
 * Lua functions for scripts that store market data: the rules of CONTRACT section 11 ("Untrusted
 * frames") again, as defence in depth, so that no value breaking them is stored and a stored one
 * that breaks them (written by an older version) gives way. Defines `marketNowBound(bound)` (the
 * newest time that may be stored, epoch ms: the service's clock + 60 s as the caller passes it, the
 * one time authority of CONTRACT section 11; without it Redis's clock + STORE_MAX_AHEAD_MS), `isoMs(iso)` (epoch ms of the interface's ISO form, nil
 * otherwise), `validPrice(priceJson, bound)` (true or false) and `validKline(klineJson, bound)` (the decoded
 * kline, or nil).
 */
export const MARKET_RULES_LUA = `
local function marketNowBound(serviceBound)
  local given = tonumber(serviceBound)
  if given then return given end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + ${STORE_MAX_AHEAD_MS}
end

-- Days from the civil date (H. Hinnant's algorithm): Lua has no date library in Redis.
local function isoMs(iso)
  if type(iso) ~= 'string' then return nil end
  local y, mo, d, h, mi, s, ms = string.match(iso, '^(%d%d%d%d)%-(%d%d)%-(%d%d)T(%d%d):(%d%d):(%d%d)%.(%d%d%d)Z$')
  if not y then return nil end
  y, mo = tonumber(y), tonumber(mo)
  if mo <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local doy = math.floor((153 * ((mo + 9) % 12) + 2) / 5) + tonumber(d) - 1
  local days = era * 146097 + yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy - 719468
  return ((days * 24 + tonumber(h)) * 60 + tonumber(mi)) * 60000 + tonumber(s) * 1000 + tonumber(ms)
end

-- A decimal string of at most 40 digits as {int, frac} without leading/trailing zeros; nil otherwise.
local function decimal(value)
  if type(value) ~= 'string' or #value > 41 then return nil end
  local int, dot, frac = string.match(value, '^(%d+)(%.?)(%d*)$')
  if not int or (dot == '.' and frac == '') or #int + #frac > 40 then return nil end
  return { int = string.gsub(int, '^0+', ''), frac = string.gsub(frac, '0+$', '') }
end

local function positive(d) return d ~= nil and (d.int ~= '' or d.frac ~= '') end

local function compare(a, b)
  if #a.int ~= #b.int then return #a.int < #b.int and -1 or 1 end
  if a.int ~= b.int then return a.int < b.int and -1 or 1 end
  local width = math.max(#a.frac, #b.frac)
  local fa, fb = a.frac .. string.rep('0', width - #a.frac), b.frac .. string.rep('0', width - #b.frac)
  if fa == fb then return 0 end
  return fa < fb and -1 or 1
end

local function decoded(json)
  local ok, value = pcall(cjson.decode, json)
  if ok and type(value) == 'table' then return value end
  return nil
end

local function validPrice(json, bound)
  local p = json and decoded(json)
  if not p or not positive(decimal(p.price)) then return false end
  local t = isoMs(p.time)
  return t ~= nil and t <= bound
end

-- The decoded kline when it keeps every rule, nil otherwise.
local function validKline(json, bound)
  local k = json and decoded(json)
  if not k then return nil end
  local o, h, l, c = decimal(k.open), decimal(k.high), decimal(k.low), decimal(k.close)
  if not (positive(o) and positive(h) and positive(l) and positive(c) and decimal(k.volume)) then return nil end
  local n = k.trades
  if type(n) ~= 'number' or n < 0 or n ~= math.floor(n) then return nil end
  local openMs, closeMs = isoMs(k.openTime), isoMs(k.closeTime)
  if not openMs or not closeMs or closeMs < openMs or openMs > bound then return nil end
  if compare(h, o) < 0 or compare(h, c) < 0 or compare(l, o) > 0 or compare(l, c) > 0 then return nil end
  return k
end
`;
