import { fc, test } from '@fast-check/jest';
import { FixedWindowCounter, type RedisClient, RedisScripts, type WindowCount } from '@pds/redis';
import { deletePrefix, testRedis, uniquePrefix } from '@pds/testing';

const LIMIT = 6000;
const WINDOW_MS = 60_000;

/** A replica's counter on a connection of its own, as each gateway process has. */
function replica(name: string): { redis: RedisClient; counter: FixedWindowCounter } {
  const redis = testRedis().connect(name);
  return { redis, counter: new FixedWindowCounter(new RedisScripts(redis), redis) };
}

/** Two hits of `key` in one turn, which makes `counter` take an allotment of its window: their counts. */
function twoHitsInATurn(counter: FixedWindowCounter, key: string): Promise<WindowCount[]> {
  return Promise.all([counter.meter(key, WINDOW_MS, LIMIT), counter.meter(key, WINDOW_MS, LIMIT)]);
}

/**
 * Runs `body` with Date.now() standing still (timers and Redis run on): an allotment lives ALLOTMENT_MS,
 * and a busy machine can spend longer than that between a grant and the assertion that reads it.
 */
async function withClockStopped<T>(body: () => Promise<T>): Promise<T> {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
  try {
    return await body();
  } finally {
    clock.mockRestore();
  }
}

/** Until `key`'s window has expired in Redis (its natural end: a window is never cut short). */
async function windowEnded(redis: RedisClient, key: string): Promise<void> {
  for (let polls = 0; polls < 600 && (await redis.exists(key)) === 1; polls += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await redis.exists(key)).toBe(0);
}

interface Outcome {
  admitted: number;
  refused: number;
}

/** `hits` hits of `key`, `perTurn` of them sent together each time, counted as let through or not. */
async function meterMany(
  counter: FixedWindowCounter,
  key: string,
  hits: number,
  perTurn = 100,
): Promise<Outcome> {
  const outcome = { admitted: 0, refused: 0 };
  for (let sent = 0; sent < hits; sent += perTurn) {
    const counts = await Promise.all(
      Array.from({ length: Math.min(perTurn, hits - sent) }, () => counter.meter(key, WINDOW_MS, LIMIT)),
    );
    for (const count of counts) {
      if (count.hits <= LIMIT) outcome.admitted += 1;
      else outcome.refused += 1;
    }
  }
  return outcome;
}

describe('allotments of a busy key’s window across replicas (real Redis, CONTRACT section 5)', () => {
  const prefix = uniquePrefix('rate-limit-allotments');
  const a = replica('test-allotments-a');
  const b = replica('test-allotments-b');
  const c = replica('test-allotments-c');
  let keyCount = 0;
  const newKey = () => `${prefix}:rate:{key-${(keyCount += 1)}}:getCurrentPrice`;

  afterAll(async () => {
    await Promise.all([a, b, c].map((each) => each.counter.onModuleDestroy()));
    await deletePrefix(b.redis, prefix);
    for (const each of [a, b, c]) each.redis.disconnect();
  });

  it('should allot hits ahead for a key hit twice in a turn, the window counting them spent', async () => {
    const key = newKey();
    await withClockStopped(async () => {
      const counts = await twoHitsInATurn(a.counter, key);
      expect(counts.map((count) => count.hits)).toEqual([1, 2]);
      expect(Number(await b.redis.get(key))).toBeGreaterThan(2);
      // The next hit comes from the allotment, as if the window had stopped at it.
      const byAllotment = a.counter.tally.byAllotment;
      await expect(a.counter.meter(key, WINDOW_MS, LIMIT)).resolves.toMatchObject({ hits: 3 });
      expect(a.counter.tally.byAllotment).toBe(byAllotment + 1);
    });
  });

  it('should let exactly the limit through two replicas metering one key together', async () => {
    const key = newKey();
    const [first, second] = await Promise.all([
      meterMany(a.counter, key, 3600),
      meterMany(b.counter, key, 3600),
    ]);
    expect(first.admitted + second.admitted).toBe(LIMIT);
    expect(first.refused + second.refused).toBe(1200);
  });

  test.prop(
    [
      fc.array(fc.array(fc.integer({ min: 200, max: 1000 }), { minLength: 3, maxLength: 12 }), {
        minLength: 2,
        maxLength: 3,
      }),
    ],
    {
      numRuns: 12,
    },
  )(
    'should let exactly the demand or the limit through, whatever each replica sends in whatever turns',
    async (turns) => {
      const key = newKey();
      const replicas = [a, b, c];
      const outcomes = await Promise.all(
        turns.map(async (sizes, index) => {
          const outcome = { admitted: 0, refused: 0 };
          for (const size of sizes) {
            const part = await meterMany(replicas[index]?.counter ?? a.counter, key, size, size);
            outcome.admitted += part.admitted;
            outcome.refused += part.refused;
          }
          return outcome;
        }),
      );
      const demand = turns.flat().reduce((sum, size) => sum + size, 0);
      const admitted = outcomes.reduce((sum, outcome) => sum + outcome.admitted, 0);
      expect(admitted).toBe(Math.min(demand, LIMIT));
    },
  );

  it('should hold a hit refused while another replica’s allotment is out, and let it through with the allotment’s unused hits', async () => {
    const key = newKey();
    // Another replica's allotment of 8 hits as the script records it, none of them used yet.
    await b.redis.set(key, 8, 'PX', WINDOW_MS);
    await b.redis.set(`${key}:allotments`, 8, 'PX', WINDOW_MS);
    let admitted = 0;
    let refused = 0;
    let reachedTheAllotment: () => void = () => undefined;
    const allotmentReached = new Promise<void>((resolve) => (reachedTheAllotment = resolve));
    const hits = Array.from({ length: LIMIT - 8 + 9 }, () =>
      b.counter.meter(key, WINDOW_MS, LIMIT).then((count) => {
        if (count.hits > LIMIT) refused += 1;
        else if ((admitted += 1) === LIMIT - 8) reachedTheAllotment();
      }),
    );
    await allotmentReached;
    expect(refused).toBe(0);
    expect(b.counter.tally.waits).toBeGreaterThanOrEqual(9);
    // The allotment ends unused: its replica gives the 8 hits back.
    await b.redis.decrby(key, 8);
    await b.redis.del(`${key}:allotments`);
    await Promise.all(hits);
    expect({ admitted, refused }).toEqual({ admitted: LIMIT, refused: 1 });
  });

  it('should let fewer through, never more, when a replica dies holding an allotment', async () => {
    const key = newKey();
    const dying = replica('test-allotments-dying');
    const allotted = await withClockStopped(async () => {
      await twoHitsInATurn(dying.counter, key);
      const count = Number(await b.redis.get(key));
      dying.redis.disconnect();
      return count;
    });
    expect(allotted).toBeGreaterThan(2);
    // Its allotment is never settled: the others wait for the allotment record to expire, then refuse.
    const outcome = await meterMany(b.counter, key, LIMIT);
    expect(outcome).toEqual({ admitted: LIMIT - allotted, refused: allotted });
    await dying.counter.onModuleDestroy();
  });

  it('should give an allotment’s unused hits back when its replica stops', async () => {
    const key = newKey();
    const stopping = replica('test-allotments-stopping');
    await withClockStopped(async () => {
      await twoHitsInATurn(stopping.counter, key);
      expect(Number(await b.redis.get(key))).toBeGreaterThan(2);
      await stopping.counter.onModuleDestroy();
    });
    stopping.redis.disconnect();
    expect(await b.redis.get(key)).toBe('2');
    expect(await b.redis.exists(`${key}:allotments`)).toBe(0);
  });

  it('should give a stalled replica’s late return of unused hits to no window but the one that granted them', async () => {
    const key = newKey();
    const shortWindowMs = 2000;
    const stalled = replica('test-allotments-stalled');
    // The replica's clock stands still, as a stalled process's does: it still believes the granting
    // window runs when its settlement finally goes out, after that window ended and the next began.
    await withClockStopped(async () => {
      await Promise.all([1, 2].map(() => stalled.counter.meter(key, shortWindowMs, LIMIT)));
      expect(Number(await b.redis.get(key))).toBeGreaterThan(2);
      await windowEnded(b.redis, key);
      await b.counter.meter(key, shortWindowMs, LIMIT);
      await stalled.counter.onModuleDestroy();
    });
    stalled.redis.disconnect();
    expect(await b.redis.get(key)).toBe('1');
  });

  it('should count a key with a limit below the allotment threshold hit by hit, refused hits too', async () => {
    const key = newKey();
    const counts = await Promise.all(Array.from({ length: 5 }, () => a.counter.meter(key, WINDOW_MS, 3)));
    expect(counts.map((count) => count.hits)).toEqual([1, 2, 3, 4, 5]);
    expect(await b.redis.get(key)).toBe('5');
  });
});
