import fc from 'fast-check';
import type { RedisClient } from '@pds/redis';
import { deletePrefix, testRedis, uniquePrefix } from '@pds/testing';
import { type CounterModel, type CounterReal, freshWindows } from './support/counter-model';
import {
  EndWindow,
  Meter,
  PassTime,
  Restart,
  Resume,
  Revoke,
  SetLimit,
  Stall,
  StallOverWindowEnd,
} from './support/counter-model-steps';
import { CounterReplicas } from './support/counter-replicas';

/** `COUNTER_MODEL_RUNS` and `COUNTER_MODEL_SEED` make a longer or another run (docs/testing.md). */
const RUNS = Number(process.env.COUNTER_MODEL_RUNS ?? 30);
const SEED = Number(process.env.COUNTER_MODEL_SEED ?? 55);
/** Jest's three minutes, or more for a long run: a run of 40 steps takes about 0.2 s here. */
const TIMEOUT_MS = Math.max(180_000, RUNS * 1000);

const REPLICAS = 3;
const KEYS = 2;
/** The first is counted hit by hit (below ALLOTMENTS.minLimit), the others metered with allotments. */
const LIMITS = [20, 40, 64, 96];

const replica = fc.integer({ min: 0, max: REPLICAS - 1 });
const key = fc.integer({ min: 0, max: KEYS - 1 });
const meter = fc
  .tuple(replica, key, fc.integer({ min: 1, max: 60 }))
  .map(([at, of, hits]) => new Meter(at, of, hits));
const STEPS = [
  // Hits and time passing most often, the rest now and then.
  meter,
  meter,
  meter,
  meter,
  fc.constant(new PassTime()),
  fc.constant(new PassTime()),
  fc.boolean().map((drained) => new EndWindow(drained)),
  replica.map((at) => new Stall(at)),
  replica.map((at) => new Resume(at)),
  replica.map((at) => new StallOverWindowEnd(at)),
  replica.map((at) => new Restart(at)),
  fc.tuple(key, fc.constantFrom(...LIMITS)).map(([of, limit]) => new SetLimit(of, limit)),
  key.map((of) => new Revoke(of)),
];

/**
 * Issue (part 2): the fixed-window counter against a model that counts each window exactly. Three
 * replicas (a counter each, on its own connection, over a gate that can hold its calls back or drop
 * them) meter two keys in real Redis on a virtual clock, through random steps: hits, time passing,
 * window ends, stalls across window ends, restarts that lose allotments, limit changes and revocations.
 * Each ended window is checked (support/counter-model.ts, checkEndedWindow).
 */
describe('the fixed-window counter: every order of replicas’ events against a model', () => {
  const prefix = uniquePrefix('rate-limit-counter-model');
  const admin = testRedis().connect('test-counter-model');
  const connections: RedisClient[] = Array.from({ length: REPLICAS }, (_, index) =>
    testRedis().connect(`test-counter-model-${index}`),
  );
  const stats = { windows: 0, exact: 0, droppedReturns: 0 };
  let runs = 0;

  afterAll(async () => {
    if (process.env.COUNTER_MODEL_RUNS) {
      const { windows, exact, droppedReturns } = stats;
      process.stdout.write(
        `counter model: ${runs} runs, ${windows} windows checked, ${exact} of them exactly, ` +
          `${droppedReturns} late returned hits dropped\n`,
      );
    }
    await deletePrefix(admin, prefix);
    for (const connection of [admin, ...connections]) connection.disconnect();
  });

  async function run(steps: Iterable<fc.AsyncCommand<CounterModel, CounterReal>>): Promise<void> {
    runs += 1;
    const keys = Array.from(
      { length: KEYS },
      (_, index) => `${prefix}:rate:{r${runs}k${index}}:getCurrentPrice`,
    );
    const model: CounterModel = {
      limits: keys.map(() => LIMITS[LIMITS.length - 1] ?? 0),
      revoked: keys.map(() => false),
      stalled: new Set(),
      windows: freshWindows(KEYS),
      msInWindow: 0,
    };
    const real: CounterReal = { replicas: new CounterReplicas(connections, admin, keys), stats };
    try {
      await fc.asyncModelRun(() => ({ model, real }), steps);
      // The last window is checked too, with every replica's held calls let through first.
      for (const stalled of model.stalled) real.replicas.resume(stalled);
      await new EndWindow(true).run(model, real);
    } finally {
      await real.replicas.close();
      stats.droppedReturns += real.replicas.droppedReturns();
    }
  }

  it(
    'should never let a window pass its limit, and let exactly min(requests, limit) through an undisturbed one',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(STEPS, { maxCommands: 40 }), (steps) => run(steps)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(stats.exact).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it('should drop a stalled replica’s late return, so the next window still lets exactly its limit through', async () => {
    const dropped = stats.droppedReturns;
    await run([
      new Meter(0, 0, 20),
      new StallOverWindowEnd(0),
      new Meter(1, 0, 60),
      new Meter(2, 0, 60),
      new EndWindow(true),
    ]);
    expect(stats.droppedReturns).toBeGreaterThan(dropped);
  });
});
