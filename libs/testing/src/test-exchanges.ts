import { type RunningApp, spawnApp } from './spawn-app';

/**
 * Which exchanges the market-data suites of a Jest project run against (jest.config.js's `binance-us`
 * and `standbys` projects set it; unset is Binance alone): `primary[:standby,standby…]`.
 */
export const TEST_EXCHANGES = 'PDS_TEST_EXCHANGES';

export interface TestExchanges {
  readonly primary: string;
  readonly standbys: readonly string[];
}

export function testExchanges(): TestExchanges {
  const [primary = 'binance', standbys = ''] = (process.env[TEST_EXCHANGES] ?? '').split(':');
  return { primary: primary || 'binance', standbys: standbys.split(',').filter(Boolean) };
}

/** The settings prefix of an exchange's endpoints (CONTRACT section 11). */
function settingPrefix(exchange: string): string {
  return `${exchange.toUpperCase().replace(/-/g, '_')}_`;
}

/** Where an exchange's WebSocket API lives on its simulator (Kraken's is under /v2). */
function streamUrl(exchange: string, port: number): string {
  return exchange === 'kraken' ? `ws://127.0.0.1:${port}/v2` : `ws://127.0.0.1:${port}`;
}

/** An exchange's endpoint settings (`<NAME>_WS_URL`, `<NAME>_REST_URL`) for its simulator on `port`. */
export function exchangeEndpointsEnv(exchange: string, port: number): Record<string, string> {
  return {
    [`${settingPrefix(exchange)}WS_URL`]: streamUrl(exchange, port),
    [`${settingPrefix(exchange)}REST_URL`]: `http://127.0.0.1:${port}`,
  };
}

let standbySims: Promise<ReadonlyMap<string, RunningApp>> | undefined;

/** The test file's standby simulators, trading in the background, started once on first use. */
function startStandbySims(standbys: readonly string[]): Promise<ReadonlyMap<string, RunningApp>> {
  standbySims ??= Promise.all(
    standbys.map(async (exchange, index) => {
      const app = await spawnApp('exchange-sim', {
        SIM_EXCHANGE: exchange,
        SIM_SEED: String(11 + index),
        SIM_TRADES_PER_SECOND: '5',
      });
      return [exchange, app] as const;
    }),
  ).then((entries) => new Map(entries));
  return standbySims;
}

/** Stops the standby simulators this test file started (the projects' setup file calls it after all). */
export async function stopStandbySims(): Promise<void> {
  const running = standbySims;
  standbySims = undefined;
  if (running) await Promise.all([...(await running).values()].map((app) => app.stop()));
}

/**
 * The exchange settings an ingestor or cache worker gets in this project: the primary by name and,
 * for an ingestor, the standbys' simulators. The primary's URLs stay the test's own simulator's.
 */
export async function exchangeSettingsEnv(withStandbys: boolean): Promise<Record<string, string>> {
  const { primary, standbys } = testExchanges();
  const env: Record<string, string> = { EXCHANGE: primary };
  if (!withStandbys || standbys.length === 0) return env;
  const sims = await startStandbySims(standbys);
  env.EXCHANGE_STANDBYS = standbys.join(',');
  // These suites' primaries trade only when the test injects a trade, and a feed idle for 10 s is
  // dark (CONTRACT section 11): here the standbys stay connected and warm without taking over for
  // an idle primary (a refused or cut primary still makes them serve; the failover suites test that).
  env.EXCHANGE_DARK_AFTER_MS = String(10 * 60_000);
  for (const [exchange, app] of sims) Object.assign(env, exchangeEndpointsEnv(exchange, app.port));
  return env;
}
