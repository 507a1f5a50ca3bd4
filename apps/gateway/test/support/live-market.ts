import {
  eventually,
  type RunningApp,
  type Sim,
  spawnIngestor,
  startExchangeSim,
  testRedis,
} from '@pds/testing';

export const MINUTE = 60_000;

export type { Sim } from '@pds/testing';
export { eventually } from '@pds/testing';

/** The exchange simulator; with SIM_TRADES_PER_SECOND 0 (the default) only the trades a test injects happen. */
export function startSim(env: Record<string, string> = {}): Promise<Sim> {
  return startExchangeSim({ SIM_KLINE_PUSH_MS: '500', ...env });
}

/** The ingestor writing the simulator's market under `prefix`; resolves once it leads. */
export async function startIngestor(
  prefix: string,
  sim: Sim,
  redisEnv: Readonly<Record<string, string>> = testRedis().env,
): Promise<RunningApp> {
  const opened = (await sim.stats()).connectionsOpened;
  // Without background trades an idle stream must not count as dead.
  const ingestor = await spawnIngestor({ redisEnv, prefix }, sim, { STREAM_SILENCE_MS: '60000' });
  await ingestor.waitForLog((entry) => entry.msg === 'leader');
  // Leading is not yet listening: a trade injected before its stream is open would never reach it.
  await eventually(
    async () => ((await sim.stats()).connectionsOpened > opened ? true : undefined),
    'the ingestor on the exchange stream',
  );
  return ingestor;
}

/** A clock offset for the simulator that puts it `leadMs` before a minute boundary (in its time). */
export function clockBeforeBoundary(leadMs: number): { offset: number; boundary: number } {
  const now = Date.now();
  const boundary = (Math.floor(now / MINUTE) + 2) * MINUTE;
  return { offset: boundary - leadMs - now, boundary };
}
