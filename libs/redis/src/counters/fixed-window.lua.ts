import { defineLuaScript } from '../scripts/lua-script';
import { integerListReply } from '../scripts/script-replies';

export interface WindowCount {
  readonly hits: number;
  readonly msLeft: number;
}

function windowCountReply(reply: unknown): WindowCount {
  const [hits = 0, msLeft = 0] = integerListReply(reply);
  return { hits, msLeft };
}

/** INCR and start the window on the first hit, atomically; returns hits and ms left in the window. */
export const INCREMENT_WINDOW_SCRIPT = defineLuaScript({
  name: 'pdsIncrementWindow',
  parse: windowCountReply,
  lua: `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`,
});
