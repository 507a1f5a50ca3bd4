import { INCREMENT_WINDOWS_SCRIPT, METERED_REPLY_LENGTH, RedisScripts } from '@pds/redis';
import { deletePrefix, testRedis, uniquePrefix } from '@pds/testing';

const LIMIT = 10_000;
/** Short, so that a window ends by expiring while the test waits for it (a window is never cut short). */
const ENDING_WINDOW_MS = 300;
/**
 * A window that outlasts the test's calls however long a busy machine pauses it (the window's length
 * is each call's argument): a window ending between two calls would change what they assert.
 */
const LASTING_WINDOW_MS = 120_000;
const ALLOTMENT_RECORD_MS = 500;

interface Metered {
  hits: number;
  /** The length of a window this call starts (default LASTING_WINDOW_MS). */
  windowMs?: number;
  allotment?: number;
  settlement?: { returned: number; released: number; grantedWindowEnd: number };
}

describe('the fixed-window script alone: an allotment’s unused hits go back only to their own window (real Redis)', () => {
  const prefix = uniquePrefix('rate-limit-window-script');
  const redis = testRedis().connect('test-window-script');
  const run = new RedisScripts(redis).bind(INCREMENT_WINDOWS_SCRIPT);
  let keyCount = 0;
  const newKey = () => `${prefix}:rate:{key-${(keyCount += 1)}}:getCurrentPrice`;

  afterAll(async () => {
    await deletePrefix(redis, prefix);
    redis.disconnect();
  });

  /** One metered window in a call, as fixed-window.lua.ts lays out its KEYS and ARGV. */
  async function meter(key: string, call: Metered) {
    const { returned = 0, released = 0, grantedWindowEnd = 0 } = call.settlement ?? {};
    const args = [
      call.windowMs ?? LASTING_WINDOW_MS,
      call.hits,
      LIMIT,
      call.allotment ?? 0,
      returned,
      released,
      grantedWindowEnd,
    ];
    const numbers = await run([key, `${key}:allotments`], 0, 1, ALLOTMENT_RECORD_MS, ...args);
    expect(numbers).toHaveLength(METERED_REPLY_LENGTH);
    const [count, , admitted, granted, , windowEnd, returnsDropped] = numbers;
    return { count, admitted, granted, windowEnd, returnsDropped };
  }

  /** Until `key`'s window has expired in Redis. */
  async function windowEnded(key: string): Promise<void> {
    for (let polls = 0; polls < 600 && (await redis.exists(key)) === 1; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await redis.exists(key)).toBe(0);
  }

  it('should take an allotment’s unused hits back into the window that granted them', async () => {
    const key = newKey();
    const grant = await meter(key, { hits: 1, allotment: 256 });
    expect(grant).toMatchObject({ count: 257, admitted: 1, granted: 256 });
    expect(grant.windowEnd).toBe(await redis.pexpiretime(key));
    const settlement = { returned: 255, released: 256, grantedWindowEnd: grant.windowEnd ?? 0 };
    await expect(meter(key, { hits: 0, settlement })).resolves.toMatchObject({ count: 2, returnsDropped: 0 });
  });

  it('should drop a late return of 256 granted hits that arrives in the next window, which still lets exactly its limit through', async () => {
    const key = newKey();
    const grant = await meter(key, { hits: 1, allotment: 256, windowMs: ENDING_WINDOW_MS });
    expect(grant).toMatchObject({ count: 257, granted: 256 });
    await windowEnded(key);
    const next = await meter(key, { hits: 1 });
    expect(next).toMatchObject({ count: 1, admitted: 1 });
    expect(next.windowEnd).toBeGreaterThanOrEqual((grant.windowEnd ?? 0) + LASTING_WINDOW_MS);
    // The stalled replica's settlement: one hit used, 255 given back to the window that ended.
    const settlement = { returned: 255, released: 256, grantedWindowEnd: grant.windowEnd ?? 0 };
    await expect(meter(key, { hits: 0, settlement })).resolves.toMatchObject({
      count: 1,
      returnsDropped: 255,
    });
    await expect(meter(key, { hits: LIMIT })).resolves.toMatchObject({ count: LIMIT, admitted: LIMIT - 1 });
    expect(await redis.exists(`${key}:allotments`)).toBe(0);
  });
});
