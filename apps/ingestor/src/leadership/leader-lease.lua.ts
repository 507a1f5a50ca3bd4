import { defineLuaScript, integerReply } from '@pds/redis';

/** KEYS[1] lease, ARGV[1] owner id, ARGV[2] ttl ms: extend the lease only if we still own it. */
export const RENEW_LEASE_SCRIPT = defineLuaScript({
  name: 'pdsRenewLease',
  parse: integerReply,
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`,
});

/** KEYS[1] lease, ARGV[1] owner id: give the lease up only if we own it (never someone else's). */
export const RELEASE_LEASE_SCRIPT = defineLuaScript({
  name: 'pdsReleaseLease',
  parse: integerReply,
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`,
});
