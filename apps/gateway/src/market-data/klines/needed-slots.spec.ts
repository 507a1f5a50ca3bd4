import type { StoredKline } from './klines-selection';
import type { Interval } from '@pds/market';
import type { KlinesWindow } from './klines-selection';
import { type KlinesRead, neededSlots } from './needed-slots';

const missingSlots = (interval: Interval, window: KlinesWindow, read: KlinesRead, current: number) =>
  neededSlots(interval, window, read, current).gaps;

const M = 60_000;
const T0 = Date.parse('2024-01-01T00:00:00.000Z');
const at = (index: number): number => T0 + index * M;
const stored = (...indexes: number[]): StoredKline[] =>
  indexes.map((index) => ({ openTime: at(index), json: `{"i":${index}}` }));
const read = (closed: StoredKline[], openIndex?: number): KlinesRead => ({
  closed,
  open: openIndex === undefined ? undefined : { openTime: at(openIndex), json: '{}' },
});
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

describe('missingSlots without bounds', () => {
  it('should find nothing when the newest limit-1 closed klines lead up to the open one', () => {
    expect(missingSlots('1m', { limit: 5 }, read(stored(...range(5, 5)), 10), at(10))).toEqual([]);
  });

  it('should find a hole among the newest closed klines', () => {
    const gaps = missingSlots('1m', { limit: 5 }, read(stored(4, 5, 6, 8, 9), 10), at(10));
    expect(gaps).toEqual([{ from: at(7), to: at(7) }]);
  });

  it('should find the klines missing before the open one', () => {
    const gaps = missingSlots('1m', { limit: 5 }, read(stored(3, 4, 5, 6, 7), 10), at(10));
    expect(gaps).toEqual([{ from: at(8), to: at(9) }]);
  });

  it('should look back to the beginning while fewer than needed are stored', () => {
    const gaps = missingSlots('1m', { limit: 5 }, read(stored(8, 9), 10), at(10));
    expect(gaps).toEqual([{ from: 0, to: at(7) }]);
  });

  it('should need limit closed klines when the open one is not there', () => {
    expect(missingSlots('1m', { limit: 3 }, read(stored(7, 8, 9)), at(10))).toEqual([]);
    expect(missingSlots('1m', { limit: 4 }, read(stored(7, 8, 9)), at(10))).toEqual([{ from: 0, to: at(6) }]);
  });

  it('should need nothing for limit 1 with the open kline', () => {
    expect(missingSlots('1m', { limit: 1 }, read([], 10), at(10))).toEqual([]);
  });
});

describe('missingSlots with klines off the grid (after an exchange halt)', () => {
  const offGrid = (index: number): StoredKline => ({ openTime: at(index) + 14_789, json: '{}' });

  it('should count an off-grid kline for the slot it opens in', () => {
    const window = { limit: 4, from: at(2) };
    expect(
      missingSlots('1m', window, read([...stored(2), offGrid(3), offGrid(4), offGrid(5)], 10), at(10)),
    ).toEqual([]);
  });

  it('should count an off-grid kline after an unaligned `from` for the slot `from` lies in', () => {
    const window = { limit: 3, from: at(3) + 1000 };
    expect(missingSlots('1m', window, read([offGrid(3), offGrid(4), offGrid(5)], 10), at(10))).toEqual([]);
  });

  it('should still find the slots of a hole between off-grid klines', () => {
    const gaps = missingSlots(
      '1m',
      { limit: 5 },
      read([offGrid(4), offGrid(5), offGrid(6), offGrid(8), offGrid(9)], 10),
      at(10),
    );
    expect(gaps).toEqual([{ from: at(7), to: at(7) }]);
  });
});

describe('missingSlots with from', () => {
  it('should find nothing when the first limit klines from `from` are contiguous', () => {
    const window = { limit: 3, from: at(2) };
    expect(missingSlots('1m', window, read(stored(2, 3, 4), 10), at(10))).toEqual([]);
  });

  it('should start at the first slot at or after an unaligned `from`', () => {
    const window = { limit: 3, from: at(2) + 1 };
    expect(missingSlots('1m', window, read(stored(4, 5, 6), 10), at(10))).toEqual([
      { from: at(3), to: at(3) },
    ]);
  });

  it('should reach the last closed kline while fewer than limit are stored', () => {
    const window = { limit: 50, from: at(2) };
    expect(missingSlots('1m', window, read(stored(2, 3), 10), at(10))).toEqual([{ from: at(4), to: at(9) }]);
  });

  it('should stop at `to`', () => {
    const window = { limit: 50, from: at(2), to: at(5) };
    expect(missingSlots('1m', window, read(stored(2, 3)), at(10))).toEqual([{ from: at(4), to: at(5) }]);
  });

  it('should find nothing for a window in the future', () => {
    expect(missingSlots('1m', { limit: 5, from: at(20) }, read([], 10), at(10))).toEqual([]);
  });
});

describe('missingSlots with only to', () => {
  it('should need the last limit closed klines up to `to`', () => {
    const window = { limit: 3, to: at(6) };
    expect(missingSlots('1m', window, read(stored(3, 4, 6), 10), at(10))).toEqual([
      { from: at(5), to: at(5) },
    ]);
  });

  it('should count the open kline when `to` reaches it', () => {
    const window = { limit: 3, to: at(10) };
    expect(missingSlots('1m', window, read(stored(8, 9), 10), at(10))).toEqual([]);
  });
});

describe('neededSlots expected span', () => {
  it('should be the first limit slots from `from`', () => {
    const needed = neededSlots('1m', { limit: 3, from: at(2) }, read([], 10), at(10));
    expect(needed).toMatchObject({ expected: { from: at(2), to: at(4) }, direction: 'forward' });
  });

  it('should be the last limit-1 slots before the open kline without bounds', () => {
    const needed = neededSlots('1m', { limit: 3 }, read([], 10), at(10));
    expect(needed).toMatchObject({ expected: { from: at(8), to: at(9) }, direction: 'backward' });
  });
});
