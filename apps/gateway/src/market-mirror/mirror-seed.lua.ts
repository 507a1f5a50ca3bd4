/**
 * Reads one mirrored series and publishes its fence in the same atomic step (see MirrorSync).
 * KEYS[1] the latest price or an open kline (string), KEYS[2] the interval's closed klines (sorted
 * set; absent for the price). ARGV[1] fence channel, ARGV[2] fence token, ARGV[3] closed klines to
 * read (the newest ones). Returns {value or nil} or {value or nil, {member, score, ...}}.
 */
export const MIRROR_SEED_LUA = `
redis.call('PUBLISH', ARGV[1], ARGV[2])
local latest = redis.call('GET', KEYS[1])
if #KEYS == 1 then return {latest} end
return {latest, redis.call('ZRANGE', KEYS[2], -tonumber(ARGV[3]), -1, 'WITHSCORES')}
`;
