import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './gateway-harness';
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
  await Promise.all([harness.startGateway(), cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }))]);
  const close = async (): Promise<void> => {
    await cache.stop();
    await sim.app.stop();
    await harness.close();
  };
  return { harness, sim, cache, headers: { 'x-api-key': key }, close };
}
