import { arrayReply, defineLuaScript, nullableStringReply, stringListReply } from '@pds/redis';

/** A mirrored series as read: the string value, and for klines the closed ones (member, score, …). */
export interface MirrorSeed {
  readonly latest: string | null;
  readonly closedWithScores: string[];
}

function mirrorSeedReply(reply: unknown): MirrorSeed {
  const [latest = null, closed = []] = arrayReply(reply);
  return { latest: nullableStringReply(latest), closedWithScores: stringListReply(closed) };
}

/**
 * Reads one mirrored series and publishes its fence in the same atomic step (see MirrorSync).
 * KEYS[1] the latest price or an open kline (string), KEYS[2] the interval's closed klines (sorted
 * set; absent for the price). ARGV[1] fence channel, ARGV[2] fence token, ARGV[3] closed klines to
 * read (the newest ones). Returns {value or nil} or {value or nil, {member, score, ...}}.
 */
export const MIRROR_SEED_SCRIPT = defineLuaScript({
  name: 'pdsMirrorSeed',
  parse: mirrorSeedReply,
  lua: `
redis.call('PUBLISH', ARGV[1], ARGV[2])
local latest = redis.call('GET', KEYS[1])
if #KEYS == 1 then return {latest} end
return {latest, redis.call('ZRANGE', KEYS[2], -tonumber(ARGV[3]), -1, 'WITHSCORES')}
`,
});
