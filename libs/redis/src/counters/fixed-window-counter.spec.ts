import type { RedisClient } from '../redis-connection';
import type { RedisScripts } from '../scripts/redis-scripts';
import { FixedWindowCounter, slotPartOf } from './fixed-window-counter';
import { DEFAULT_ALLOTMENT_POLICY } from './allotment-policy';

const RECORD_MS = DEFAULT_ALLOTMENT_POLICY.recordMs;

type Call = { keys: readonly string[]; args: readonly (string | number)[] };

/**
 * Each counted key's window and hits: ARGV[1] is the number of counted keys (ARGV[2] metered ones,
 * ARGV[3] the allotment record's ms), a `windowMs, hits` pair each follows.
 */
const windowsOf = (call: Call) =>
  Array.from({ length: Number(call.args[0]) }, (_, index) => ({
    windowMs: Number(call.args[3 + index * 2]),
    hits: Number(call.args[4 + index * 2]),
  }));

/** A counter over a fake script that counts hits per key in memory and records each call. */
function counterWith(options: { cluster: boolean; failFor?: string }) {
  const calls: Call[] = [];
  const hits = new Map<string, number>();
  const run = (keys: readonly string[], ...args: (string | number)[]): Promise<number[]> => {
    calls.push({ keys, args });
    if (options.failFor && keys.includes(options.failFor)) return Promise.reject(new Error('timed out'));
    return Promise.resolve(
      windowsOf({ keys, args }).flatMap((window, index) => {
        const key = keys[index] ?? '';
        hits.set(key, (hits.get(key) ?? 0) + window.hits);
        return [hits.get(key) ?? 0, window.windowMs];
      }),
    );
  };
  const scripts = { bind: () => run } as unknown as RedisScripts;
  const redis = { isCluster: options.cluster } as unknown as RedisClient;
  return { counter: new FixedWindowCounter(scripts, redis), calls };
}

describe('FixedWindowCounter', () => {
  it('should send the hits of one event-loop turn in one script call, a key once, each hit getting its own count', async () => {
    const { counter, calls } = counterWith({ cluster: false });
    const counts = await Promise.all([
      counter.increment('p:rate:{a}:x', 60_000),
      counter.increment('p:rate:{b}:x', 30_000),
      counter.increment('p:rate:{a}:x', 60_000),
    ]);
    expect(calls.map((call) => call.keys)).toEqual([['p:rate:{a}:x', 'p:rate:{b}:x']]);
    expect(calls.map(windowsOf)).toEqual([
      [
        { windowMs: 60_000, hits: 2 },
        { windowMs: 30_000, hits: 1 },
      ],
    ]);
    expect(counts).toEqual([
      { hits: 1, msLeft: 60_000 },
      { hits: 1, msLeft: 30_000 },
      { hits: 2, msLeft: 60_000 },
    ]);
    await expect(counter.increment('p:rate:{a}:x', 60_000)).resolves.toEqual({ hits: 3, msLeft: 60_000 });
    expect(calls).toHaveLength(2);
    expect(counter.tally).toEqual({ byRedis: 4, byAllotment: 0, waits: 0, lateReturnsDropped: 0 });
  });

  it('should hold the hits that come while a call is in flight and send them, with those of the two turns after its answer, in one call', async () => {
    const calls: string[][] = [];
    const answers: (() => void)[] = [];
    const run = (keys: readonly string[]): Promise<number[]> => {
      calls.push([...keys]);
      const counts = keys.flatMap(() => [1, 1000]);
      return new Promise((resolve) =>
        answers.push(() => {
          resolve(counts);
        }),
      );
    };
    const scripts = { bind: () => run } as unknown as RedisScripts;
    const counter = new FixedWindowCounter(scripts, { isCluster: false } as unknown as RedisClient);
    const first = counter.increment('a', 1000);
    await new Promise(setImmediate);
    const held = [counter.increment('b', 1000), counter.increment('c', 1000)];
    await new Promise(setImmediate);
    expect(calls).toEqual([['a']]);
    answers.shift()?.();
    await first;
    const joining = [counter.increment('d', 1000)];
    await new Promise(setImmediate);
    joining.push(counter.increment('e', 1000));
    await new Promise(setImmediate);
    expect(calls).toEqual([['a']]);
    await new Promise(setImmediate);
    expect(calls).toEqual([['a'], ['b', 'c', 'd', 'e']]);
    answers.shift()?.();
    await expect(Promise.all([...held, ...joining])).resolves.toHaveLength(4);
  });

  it('should send one call per slot on a Cluster, since a script may only touch keys of one slot', async () => {
    const { counter, calls } = counterWith({ cluster: true });
    await Promise.all(
      ['p:rate:{a}:x', 'p:rate:{b}:x', 'p:rate:{a}:y'].map((key) => counter.increment(key, 1000)),
    );
    expect(calls.map((call) => call.keys)).toEqual([['p:rate:{a}:x', 'p:rate:{a}:y'], ['p:rate:{b}:x']]);
  });

  it('should split a turn of more than 256 hits into calls of 256 at most', async () => {
    const { counter, calls } = counterWith({ cluster: false });
    await Promise.all(Array.from({ length: 300 }, (_, index) => counter.increment(`k${index}`, 1000)));
    expect(calls.map((call) => call.keys.length)).toEqual([256, 44]);
  });

  it('should add tallies up in memory and send them with the next call of their slot, after the window keys', async () => {
    const { counter, calls } = counterWith({ cluster: true });
    const tally = { key: 'p:usage:{a}:2026-11-25', field: '13:x', limit: 1, expireAtSeconds: 99 };
    await Promise.all([
      counter.increment('p:rate:{a}:x', 1000, tally),
      counter.increment('p:rate:{a}:x', 1000, tally),
    ]);
    expect(calls).toEqual([{ keys: ['p:rate:{a}:x'], args: [1, 0, RECORD_MS, 1000, 2] }]);
    // The second hit passed the limit of 1: one request refused.
    await counter.increment('p:{b}', 500);
    await counter.increment('p:rate:{a}:y', 1000);
    expect(calls.slice(1)).toEqual([
      { keys: ['p:{b}'], args: [1, 0, RECORD_MS, 500, 1] },
      {
        keys: ['p:rate:{a}:y', 'p:usage:{a}:2026-11-25'],
        args: [1, 0, RECORD_MS, 1000, 1, 99, 2, '13:x:requests', 2, '13:x:rejected', 1],
      },
    ]);
  });

  it('should refuse a tally outside its window key’s slot, which one script could not touch', async () => {
    const { counter, calls } = counterWith({ cluster: true });
    const tally = { key: 'p:usage:{b}:day', field: 'f', limit: 1, expireAtSeconds: 1 };
    await expect(counter.increment('p:rate:{a}:x', 1000, tally)).rejects.toThrow('not in the slot');
    expect(calls).toEqual([]);
  });

  it('should reject the hits of a failed call with its error, and only those', async () => {
    const { counter } = counterWith({ cluster: true, failFor: 'p:{bad}' });
    const [bad, good] = await Promise.allSettled([
      counter.increment('p:{bad}', 1000),
      counter.increment('p:{good}', 1000),
    ]);
    expect(bad).toEqual({ status: 'rejected', reason: new Error('timed out') });
    expect(good).toEqual({ status: 'fulfilled', value: { hits: 1, msLeft: 1000 } });
  });
});

describe('FixedWindowCounter’s sweep of allotments that are over', () => {
  const IDLE_MS = 10_000;
  // Only the timers run by hand: the counter's turns (setImmediate) and promises run as usual.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  /** A counter whose script grants nothing (its replies are too short for metered keys). */
  function counterAt(clock: { ms: number }) {
    const run = (): Promise<number[]> => Promise.resolve([]);
    const scripts = { bind: () => run } as unknown as RedisScripts;
    const redis = { isCluster: false } as unknown as RedisClient;
    return new FixedWindowCounter(scripts, redis, { now: () => clock.ms });
  }

  it('should keep only the tally timer while no key is busy, run the sweep once one is, and stop it once the key is forgotten', async () => {
    const clock = { ms: 1_000_000 };
    const counter = counterAt(clock);
    const tallyTimerOnly = jest.getTimerCount();
    expect(tallyTimerOnly).toBe(1);
    // Two hits of a key with a high limit in one turn: busy, its allotment asked for.
    const busy = [
      counter.meter('p:rate:{a}:x', 60_000, 10_000),
      counter.meter('p:rate:{a}:x', 60_000, 10_000),
    ];
    await Promise.allSettled(busy);
    expect(jest.getTimerCount()).toBe(tallyTimerOnly + 1);
    jest.advanceTimersByTime(100);
    expect(jest.getTimerCount()).toBe(tallyTimerOnly + 1);
    // Idle past IDLE_MS: the next sweeps forget the key, and the last one stops itself.
    clock.ms += 2 * IDLE_MS + 1;
    jest.advanceTimersByTime(100);
    expect(jest.getTimerCount()).toBe(tallyTimerOnly);
    await counter.onModuleDestroy();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('slotPartOf', () => {
  it.each([
    ['p:rate:{key-1}:bucket', 'key-1'],
    ['p:{accounts}:x:{other}', 'accounts'],
    ['p:{}:x', 'p:{}:x'],
    ['p:no-tag', 'p:no-tag'],
    ['p:{open', 'p:{open'],
  ])('should give %s the part %s, as Redis Cluster hashes it', (key, part) => {
    expect(slotPartOf(key)).toBe(part);
  });
});
