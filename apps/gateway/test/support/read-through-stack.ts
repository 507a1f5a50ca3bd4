import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, UNHURRIED_BOUNDS } from './gateway-harness';
import { isMsg, type Sim, startCache, startSim } from './history-stack';

/** The read-through suites' stack: the simulator, a cache worker, the gateway and a key. */
export interface ReadThroughStack {
  readonly harness: GatewayHarness;
  readonly sim: Sim;
  readonly cache: RunningApp;
  /** The key's header: a key of `requestsPerMinute` of its own. */
  readonly headers: Record<string, string>;
  close(): Promise<void>;
}

/**
 * These suites judge what is fetched and answered, not how fast. In whole runs on a machine 2.4
 * times slower than usual, twenty cold requests of 1,000 klines were twice answered 503 in part,
 * long before the read-through bound: a Redis command of the shared Redis (busy with every other
 * suite) over the shipped REDIS_COMMAND_TIMEOUT_MS of 1 s, so the gateway degraded as it should (a
 * 50 ms one, with six busy loops beside the suite, gives the same picture). The suites that check
 * the time bounds start a gateway of their own with short ones.
 */
const UNHURRIED = { ...UNHURRIED_BOUNDS, READ_THROUGH_TIMEOUT_MS: '60000' };

/**
 * Starts the stack and resolves once the cache worker's warm-up is stored (until then a klines read
 * answers a correct 503). The cache reads the REST at `cacheRestUrl` (the simulator's unless given,
 * such as a proxy in front of it that the suite closes itself after `close`).
 */
export async function startReadThroughStack(
  name: string,
  requestsPerMinute: number,
  cacheRestUrl: (sim: Sim) => Promise<string> = (sim) => Promise.resolve(sim.restUrl),
): Promise<ReadThroughStack> {
  const harness = await gatewayHarness(name);
  const sim = await startSim();
  const cache = await startCache(harness, {
    restUrl: await cacheRestUrl(sim),
    clockOffsetMs: sim.clockOffsetMs,
  });
  const { key } = await harness.createKey({ requestsPerMinute });
  await Promise.all([
    harness.startGateway(UNHURRIED),
    cache.waitForLog(isMsg('job-completed', { name: 'warm-up' })),
  ]);
  const close = async (): Promise<void> => {
    await cache.stop();
    await sim.app.stop();
    await harness.close();
  };
  return { harness, sim, cache, headers: { 'x-api-key': key }, close };
}
