import type { Kline } from '@pds/market';
import { exchangeHistory, type RunningApp, spawnCache, testRedis } from '@pds/testing';
import { eventually, isMsg, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

const MINUTE = 60_000;
/** Closed 1m klines that must come out of the cuts after the first full minute: a minute of trading and more. */
const MINUTES = 1;
/** Binance's connection-rate limit, which the ingestor must stay under (the sim refuses beyond it). */
const CONNECTIONS_PER_5_MINUTES = 300;

jest.setTimeout(5 * MINUTE);

interface Scenario {
  readonly name: string;
  readonly lifetimeMs: number;
  readonly ingestorEnv: Record<string, string>;
  readonly logged: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'replaced before each cut (make-before-break)',
    lifetimeMs: 12_000,
    ingestorEnv: { STREAM_MAX_AGE_MS: '10000' },
    logged: 'stream-switched',
  },
  {
    name: 'cut unexpectedly every 3 s (reconnect and repair)',
    lifetimeMs: 3000,
    ingestorEnv: {},
    logged: 'gap-recorded',
  },
];

interface Stack {
  readonly store: TestStore;
  readonly sim: Sim;
  readonly cache: RunningApp;
  readonly ingestor: RunningApp;
}

interface Outcome {
  readonly stored: Kline[];
  readonly exchange: Kline[];
  readonly connectionsOpened: number;
  readonly connectionsRefused: number;
}

async function startStack(scenario: Scenario): Promise<Stack> {
  const store = new TestStore('server-cut');
  const sim = await startSim({
    SIM_TRADES_PER_SECOND: '20',
    SIM_CONNECTION_LIFETIME_MS: String(scenario.lifetimeMs),
    SIM_WS_CONNECTIONS_PER_5_MINUTES: String(CONNECTIONS_PER_5_MINUTES),
  });
  const cache = await spawnCache({ redisEnv: testRedis().env, prefix: store.prefix }, sim);
  const ingestor = await startIngestor(store.prefix, sim, scenario.ingestorEnv);
  await ingestor.waitForLog(isMsg('leader'));
  return { store, sim, cache, ingestor };
}

async function stopStack(stack: Stack): Promise<void> {
  await stack.ingestor.stop();
  await stack.cache.stop();
  await stack.sim.app.stop();
  await stack.store.close();
}

/** Trades through the cuts until a full minute has closed, then the stored minutes once repaired. */
async function tradeThroughCuts(stack: Stack, scenario: Scenario): Promise<Outcome> {
  const closedMinutes = async (from: number): Promise<Kline[]> =>
    (await stack.store.closedKlines('1m'))
      .map((member) => member.kline)
      .filter((kline) => Date.parse(kline.openTime) >= from);
  const firstFullMinute = Math.ceil((Date.now() + 1) / MINUTE) * MINUTE;
  await eventually(
    async () => ((await closedMinutes(firstFullMinute)).length >= MINUTES ? true : undefined),
    `${MINUTES} closed 1m klines`,
    (MINUTES + 2) * MINUTE,
  );
  await stack.ingestor.waitForLog((entry) => entry.msg === scenario.logged);
  const settled = await eventually(
    async () => {
      const stored = await closedMinutes(firstFullMinute);
      const last = stored.at(-1);
      if (!last) return undefined;
      const exchange = await exchangeHistory(
        stack.sim.restUrl,
        SYMBOL,
        '1m',
        firstFullMinute,
        Date.parse(last.openTime),
      );
      return JSON.stringify(stored) === JSON.stringify(exchange) ? { stored, exchange } : undefined;
    },
    'the stored minutes equal to the exchange’s after repairs',
    MINUTE,
  );
  const stats = await stack.sim.stats();
  return {
    ...settled,
    connectionsOpened: stats.connectionsOpened,
    connectionsRefused: stats.connectionsRefused,
  };
}

// Both scenarios trade through the same wall-clock minutes at once, each on a stack of its own, so
// the file takes the minutes once; each test then reads its own scenario's outcome.
describe('ingestor under the exchange’s connection lifetime cut', () => {
  const stacks: Stack[] = [];
  const outcomes = new Map<string, Promise<Outcome>>();

  beforeAll(async () => {
    stacks.push(...(await Promise.all(SCENARIOS.map(startStack))));
    SCENARIOS.forEach((scenario, index) => {
      const run = tradeThroughCuts(stacks[index] as Stack, scenario);
      run.catch(() => undefined); // read, and failed, by the scenario's own test
      outcomes.set(scenario.name, run);
    });
  });

  afterAll(async () => {
    await Promise.allSettled(outcomes.values());
    await Promise.all(stacks.map(stopStack));
  });

  it.each(SCENARIOS)(
    '$name: keeps every closed kline equal to the exchange’s, with no more connections than the limit',
    async (scenario) => {
      const outcome = await (outcomes.get(scenario.name) as Promise<Outcome>);
      expect(outcome.stored).toEqual(outcome.exchange);
      expect(outcome.connectionsRefused).toBe(0);
      expect(outcome.connectionsOpened).toBeGreaterThan(1);
      expect(outcome.connectionsOpened).toBeLessThanOrEqual(CONNECTIONS_PER_5_MINUTES);
    },
  );
});
