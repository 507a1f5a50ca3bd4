import { type RunningApp, spawnApp, testRedis } from '@pds/testing';

export const MINUTE = 60_000;

export interface Sim {
  readonly app: RunningApp;
  trade(price: string, qty: string): Promise<{ id: number; time: number }>;
}

/** The exchange simulator; with SIM_TRADES_PER_SECOND 0 only the trades a test injects happen. */
export async function startSim(env: Record<string, string> = {}): Promise<Sim> {
  const app = await spawnApp('exchange-sim', {
    SIM_SEED: '1',
    SIM_TRADES_PER_SECOND: '0',
    SIM_KLINE_PUSH_MS: '500',
    ...env,
  });
  const trade = async (price: string, qty: string): Promise<{ id: number; time: number }> => {
    const response = await fetch(`http://127.0.0.1:${app.port}/sim/trade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price, qty }),
    });
    if (!response.ok) throw new Error(`trade: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; time: number };
  };
  return { app, trade };
}

/** The ingestor writing the simulator's market under `prefix`; resolves once it leads. */
export async function startIngestor(
  prefix: string,
  sim: Sim,
  redisEnv: Readonly<Record<string, string>> = testRedis().env,
): Promise<RunningApp> {
  const ingestor = await spawnApp('ingestor', {
    ...redisEnv,
    REDIS_PREFIX: prefix,
    EXCHANGE_WS_URL: `ws://127.0.0.1:${sim.app.port}`,
    EXCHANGE_REST_URL: `http://127.0.0.1:${sim.app.port}`,
    RECONNECT_INITIAL_MS: '50',
    RECONNECT_MAX_MS: '500',
    // Without background trades an idle stream must not count as dead.
    STREAM_SILENCE_MS: '60000',
  });
  await ingestor.waitForLog((entry) => entry.msg === 'leader');
  return ingestor;
}

/** A clock offset for the simulator that puts it `leadMs` before a minute boundary (in its time). */
export function clockBeforeBoundary(leadMs: number): { offset: number; boundary: number } {
  const now = Date.now();
  const boundary = (Math.floor(now / MINUTE) + 2) * MINUTE;
  return { offset: boundary - leadMs - now, boundary };
}

/** Polls `probe` until it returns a value; for state that changes without an event to await. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
