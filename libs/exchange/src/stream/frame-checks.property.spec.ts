import { fc, test } from '@fast-check/jest';
import { compareDecimals } from '@pds/market';
import { hostileDecimal, hostileId, hostileTime } from '@pds/testing';
import { EventDeduplicator } from './event-deduplicator';
import {
  checkDecimal,
  checkTrade,
  MAX_CLOCK_LEAD_MS,
  MAX_DATE_MS,
  MAX_QUANTITY_DIGITS,
  timeBounds,
} from './frame-checks';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The rule written the slow, obvious way: the checker's single pass must agree with it. */
function reference(value: unknown, zeroAllowed: boolean): boolean {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return false;
  if (value.replace(/\D/g, '').length > 40) return false;
  const sign = compareDecimals(value, '0');
  return sign > 0 || (zeroAllowed && sign === 0);
}

describe('checkDecimal', () => {
  test.prop(
    [fc.oneof(hostileDecimal, fc.string(), fc.stringMatching(/^-?\d{1,45}(\.\d{1,45})?$/)), fc.boolean()],
    {
      numRuns: 500,
    },
  )('agrees with the obvious reference on every input, never throwing', (value, zeroAllowed) => {
    expect(checkDecimal(value, zeroAllowed) === undefined).toBe(reference(value, zeroAllowed));
  });

  it('refuses 0, negatives, exponents and more than 40 digits; a volume may be 0', () => {
    expect(checkDecimal('0.00')).toBe('not-positive');
    expect(checkDecimal('0.00', true)).toBeUndefined();
    expect(checkDecimal('-1')).toBe('not-positive');
    expect(checkDecimal('1e5')).toBe('malformed');
    expect(checkDecimal('1'.repeat(41))).toBe('number-length');
    expect(checkDecimal('9'.repeat(1_000_000))).toBe('number-length');
    expect(checkDecimal(`0.${'0'.repeat(38)}1`)).toBeUndefined();
  });
});

describe('checkTrade', () => {
  const bounds = timeBounds(Date.UTC(2017, 7, 17), Date.now());
  const trade = fc.record({
    id: hostileId,
    price: hostileDecimal,
    quantity: hostileDecimal,
    time: hostileTime,
    eventTime: hostileTime,
  });

  test.prop([trade], { numRuns: 500 })('never throws; what it passes keeps every rule', (candidate) => {
    const passed = checkTrade(candidate as never, bounds) === undefined;
    if (!passed) return;
    const { price, quantity, time, eventTime } = candidate as Record<string, unknown>;
    expect(reference(price, false) && reference(quantity, false)).toBe(true);
    // Room left for a kline's volume, the sum of many such quantities (MAX_QUANTITY_DIGITS).
    expect(String(quantity).replace('.', '').length).toBeLessThanOrEqual(MAX_QUANTITY_DIGITS);
    for (const t of [time, eventTime]) {
      expect(Number.isSafeInteger(t)).toBe(true);
      expect(t as number).toBeGreaterThanOrEqual(bounds.notBefore);
      expect(t as number).toBeLessThanOrEqual(Math.min(bounds.notAfter, MAX_DATE_MS));
    }
  });
});

describe('EventDeduplicator', () => {
  test.prop(
    [
      fc.array(fc.oneof(fc.maxSafeInteger(), fc.constantFrom(Number.MAX_SAFE_INTEGER, 0, 1)), {
        maxLength: 50,
      }),
    ],
    { numRuns: 300 },
  )('no earlier id, however large, makes a fresh run of trades look like repeats', (earlier) => {
    const dedupe = new EventDeduplicator();
    for (const id of earlier) dedupe.acceptTrade(id);
    const fresh = Array.from({ length: 20 }, (_, index) => 5_000_000_000_000 + index).filter(
      (id) => !earlier.includes(id),
    );
    expect(fresh.map((id) => dedupe.acceptTrade(id))).toEqual(fresh.map(() => true));
    expect(fresh.map((id) => dedupe.acceptTrade(id))).toEqual(fresh.map(() => false));
  });

  test.prop(
    [
      fc.array(
        hostileTime.filter((t): t is number => Number.isSafeInteger(t)),
        { maxLength: 20 },
      ),
    ],
    {
      numRuns: 300,
    },
  )('a kline push is held back only by one at most the clock tolerance after it', (times) => {
    const dedupe = new EventDeduplicator();
    for (const time of times) dedupe.acceptKline('1m', time, 0);
    const now = Date.now();
    const blocking = times.some((time) => time >= now && time <= now + MAX_CLOCK_LEAD_MS);
    expect(dedupe.acceptKline('1m', now, 60_000) || blocking).toBe(true);
  });
});

it('refuses a trade quantity whose sums would outgrow a kline volume’s digits', () => {
  const bounds = timeBounds(Date.UTC(2017, 7, 17), Date.now());
  const trade = {
    id: 1,
    price: '97000.00',
    quantity: '1'.padEnd(40, '0'),
    time: Date.now(),
    eventTime: Date.now(),
  };
  expect(checkTrade(trade, bounds)).toBe('number-length');
  expect(checkTrade({ ...trade, quantity: '1'.padEnd(MAX_QUANTITY_DIGITS, '0') }, bounds)).toBeUndefined();
});
