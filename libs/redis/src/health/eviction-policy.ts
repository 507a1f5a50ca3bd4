import { type RedisClient, keyHolders } from '../redis-connection';

/** The only policy under which Redis never drops a key the service holds (API keys, history, leases). */
export const REQUIRED_EVICTION_POLICY = 'noeviction';

/** CONFIG GET's reply: pairs in a flat array (RESP2 shape) or a map (RESP3). */
function configValue(reply: unknown, name: string): string | undefined {
  if (Array.isArray(reply)) {
    const at = reply.indexOf(name);
    const value: unknown = at >= 0 ? reply[at + 1] : undefined;
    return typeof value === 'string' ? value : undefined;
  }
  if (typeof reply === 'object' && reply !== null) {
    const value: unknown = Reflect.get(reply, name);
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/**
 * The first eviction policy other than noeviction among the servers that hold keys, or undefined
 * when all are noeviction. A managed Redis that refuses CONFIG (renamed or disabled command) cannot
 * be checked here and counts as unknown, which is not a refusal: its provider's setting decides.
 */
export async function evictingPolicy(client: RedisClient): Promise<string | undefined> {
  for (const server of keyHolders(client)) {
    let reply: unknown;
    try {
      reply = await server.config('GET', 'maxmemory-policy');
    } catch (error) {
      if (error instanceof Error && /unknown command|NOPERM/i.test(error.message)) continue;
      throw error;
    }
    const policy = configValue(reply, 'maxmemory-policy');
    if (policy !== undefined && policy !== REQUIRED_EVICTION_POLICY) return policy;
  }
  return undefined;
}

/** Words for people: what is wrong and what to set. */
export function evictionMessage(policy: string): string {
  return (
    `Redis maxmemory-policy is ${policy}: Redis would silently drop API keys, history and leases ` +
    `when full. Set maxmemory-policy ${REQUIRED_EVICTION_POLICY}`
  );
}

/**
 * Start-up refuses a Redis that evicts. There is no setting to allow it: every key this service
 * keeps is authoritative (API keys, accounts, the coverage record of history, leases, queues), so
 * no part of it could live in an evicting Redis without a second, disposable-data Redis.
 */
export async function refuseEviction(
  client: RedisClient,
  onUnchecked: (error: unknown) => void = () => undefined,
): Promise<void> {
  if (client.status !== 'ready') return;
  // A check that fails (a reply later than the command timeout on a loaded machine, Redis gone
  // meanwhile) is left to readiness, as when Redis is away at start: only a policy refuses the start.
  const policy = await evictingPolicy(client).catch((error: unknown) => {
    onUnchecked(error);
    return undefined;
  });
  if (policy !== undefined) throw new Error(evictionMessage(policy));
}
