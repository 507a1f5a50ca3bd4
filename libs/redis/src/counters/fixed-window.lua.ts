import { defineLuaScript } from '../scripts/lua-script';
import { integerListReply } from '../scripts/script-replies';

export interface WindowCount {
  readonly hits: number;
  readonly msLeft: number;
}

/** What the script says of a metered window (one with a limit), after the call. */
export interface MeteredReply {
  /** Hits let through, allotments included (never above the limit). */
  readonly count: number;
  readonly msLeft: number;
  /** How many of the call's hits were let through: the first ones, in order. */
  readonly admitted: number;
  /** Hits granted to the caller's allotment (0: none). */
  readonly granted: number;
  /** Set when hits were refused while other allotments are out: the ms those allotments may still run. */
  readonly allotmentsMsLeft: number;
  /**
   * The window's end by Redis' clock (epoch ms, its PEXPIRETIME): its identity, which an allotment's
   * settlement carries so that its unused hits go back to the window they were granted from and
   * never to a later one.
   */
  readonly windowEnd: number;
  /** Unused hits a settlement gave back for a window that had ended: dropped, not counted. */
  readonly returnsDropped: number;
}

/** Numbers the script returns per counted window, then per metered window. */
export const COUNTED_REPLY_LENGTH = 2;
export const METERED_REPLY_LENGTH = 7;

/**
 * ARGV[1] = c counted windows, ARGV[2] = m metered windows, ARGV[3] = how long a grant keeps a
 * window's allotment record (ms). Counted: KEYS[i] (i ≤ c) with `windowMs, hits`: INCRBY the hits
 * (refused ones too) and start the window of `windowMs` on its first hit, atomically.
 * Metered: the pair KEYS[c+2j-1] (window) and KEYS[c+2j] (its allotment record, same slot) with
 * `windowMs, hits, limit, allotment, returned, released, grantedWindowEnd`: first an allotment that ended
 * settles (`released` hits no longer out, `returned` of them unused given back, only to the window
 * they were granted from: the one whose PEXPIRETIME is exactly `grantedWindowEnd`. A window ends
 * only by expiring, so a later window of the key starts at or after that end and ends a window
 * later: a late return finds another end and is dropped), then the hits are let through up to the
 * limit (refused ones are not counted), then `allotment` more are granted if the window keeps 4 times
 * that much room. Then each later KEYS is a tally hash, its ARGV
 * `expireAt, fieldCount, field, amount, …`: HINCRBY each field and EXPIREAT the hash (epoch seconds).
 * Returns per counted window `hits, msLeft`, then per metered window
 * `count, msLeft, admitted, granted, allotmentsMsLeft, windowEnd, returnsDropped` (MeteredReply).
 */
export const INCREMENT_WINDOWS_SCRIPT = defineLuaScript({
  name: 'pdsIncrementWindows',
  parse: integerListReply,
  // One call per event-loop turn already (FixedWindowCounter): auto-pipelining would add a pipeline.
  notAutoPipelined: true,
  lua: `
local counted = tonumber(ARGV[1])
local metered = tonumber(ARGV[2])
local allotmentRecordMs = ARGV[3]
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local replies = {}
local at = 4
for index = 1, counted do
  local key = KEYS[index]
  local windowMs = ARGV[at]
  local hits = redis.call('INCRBY', key, ARGV[at + 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, windowMs)
    ttl = tonumber(windowMs)
  end
  replies[#replies + 1] = hits
  replies[#replies + 1] = ttl
  at = at + 2
end
for index = 1, metered do
  local key = KEYS[counted + index * 2 - 1]
  local allotments = KEYS[counted + index * 2]
  local windowMs = tonumber(ARGV[at])
  local hits = tonumber(ARGV[at + 1])
  local limit = tonumber(ARGV[at + 2])
  local allotment = tonumber(ARGV[at + 3])
  local returned = tonumber(ARGV[at + 4])
  local released = tonumber(ARGV[at + 5])
  local grantedWindowEnd = tonumber(ARGV[at + 6])
  at = at + 7
  local ttl = redis.call('PTTL', key)
  local windowEnd = redis.call('PEXPIRETIME', key)
  local dropped = 0
  if released > 0 and redis.call('EXISTS', allotments) == 1 then
    if redis.call('DECRBY', allotments, released) <= 0 then redis.call('DEL', allotments) end
  end
  if returned > 0 then
    if windowEnd == grantedWindowEnd then redis.call('DECRBY', key, returned) else dropped = returned end
  end
  local count = tonumber(redis.call('GET', key) or '0')
  local room = limit - count
  local admitted = math.min(hits, math.max(room, 0))
  local granted = 0
  if admitted == hits and allotment > 0 and room - admitted >= 4 * allotment then granted = allotment end
  if admitted + granted > 0 then
    count = redis.call('INCRBY', key, admitted + granted)
    if ttl < 0 then
      redis.call('PEXPIRE', key, windowMs)
      ttl = windowMs
      windowEnd = redis.call('PEXPIRETIME', key)
    end
  end
  if granted > 0 then
    redis.call('INCRBY', allotments, granted)
    redis.call('PEXPIRE', allotments, allotmentRecordMs)
  end
  local allotmentsMsLeft = 0
  if admitted < hits then allotmentsMsLeft = math.max(redis.call('PTTL', allotments), 0) end
  if ttl < 0 then
    ttl = windowMs
    windowEnd = nowMs + windowMs
  end
  replies[#replies + 1] = count
  replies[#replies + 1] = ttl
  replies[#replies + 1] = admitted
  replies[#replies + 1] = granted
  replies[#replies + 1] = allotmentsMsLeft
  replies[#replies + 1] = windowEnd
  replies[#replies + 1] = dropped
end
for tally = counted + metered * 2 + 1, #KEYS do
  local expireAt = ARGV[at]
  local fieldCount = tonumber(ARGV[at + 1])
  at = at + 2
  for _ = 1, fieldCount do
    redis.call('HINCRBY', KEYS[tally], ARGV[at], ARGV[at + 1])
    at = at + 2
  end
  redis.call('EXPIREAT', KEYS[tally], expireAt)
end
return replies
`,
});
