import { withSource } from '@pds/redis';
import { MirroredKlines } from './mirrored-klines';
import { MirroredPrice } from './mirrored-price';

const MINUTE = 60_000;
const json = (index: number, isClosed = true): string =>
  JSON.stringify({ openTime: new Date(index * MINUTE).toISOString(), isClosed, n: index });
const stored = (index: number) => ({ openTime: index * MINUTE, json: json(index) });
const indexesOf = (read: { closed: readonly { openTime: number }[] } | undefined) =>
  read?.closed.map((kline) => kline.openTime / MINUTE);

describe('MirroredKlines', () => {
  it('should answer every read when Redis held fewer closed klines than it keeps', () => {
    const klines = new MirroredKlines(5);
    klines.install({ open: json(3, false), closed: [stored(1), stored(2)] });
    expect(indexesOf(klines.read({ limit: 10 }))).toEqual([1, 2]);
    expect(indexesOf(klines.read({ limit: 10, from: 0 }))).toEqual([1, 2]);
    expect(klines.read({ limit: 1 })?.open?.json).toBe(json(3, false));
  });

  it('should refuse reads that reach before the closed klines it holds once it is full', () => {
    const klines = new MirroredKlines(3);
    klines.install({ open: json(13, false), closed: [stored(10), stored(11), stored(12)] });
    expect(indexesOf(klines.read({ limit: 3 }))).toEqual([10, 11, 12]);
    expect(indexesOf(klines.read({ limit: 2, from: 10 * MINUTE }))).toEqual([10, 11]);
    expect(klines.read({ limit: 4 })).toBeUndefined();
    expect(klines.read({ limit: 2, from: 9 * MINUTE })).toBeUndefined();
    expect(klines.read({ limit: 2, to: 10 * MINUTE })).toBeUndefined();
    expect(indexesOf(klines.read({ limit: 2, to: 12 * MINUTE }))).toEqual([11, 12]);
  });

  it('should keep the newest closed klines as they are published, replacing one with the same openTime', () => {
    const klines = new MirroredKlines(3);
    klines.install({ open: null, closed: [stored(10), stored(11), stored(12)] });
    klines.apply(json(13));
    expect(indexesOf(klines.read({ limit: 3 }))).toEqual([11, 12, 13]);
    expect(klines.read({ limit: 1, from: 10 * MINUTE })).toBeUndefined();
    const corrected = JSON.stringify({ openTime: new Date(12 * MINUTE).toISOString(), isClosed: true });
    klines.apply(corrected);
    expect(klines.read({ limit: 3 })?.closed.map((kline) => kline.json)).toEqual([
      json(11),
      corrected,
      json(13),
    ]);
  });

  it('should ignore a closed kline older than what it holds, and take a new open kline', () => {
    const klines = new MirroredKlines(2);
    klines.install({ open: json(12, false), closed: [stored(10), stored(11)] });
    const version = klines.version;
    klines.apply(json(5));
    klines.apply(json(13, false));
    expect(indexesOf(klines.read({ limit: 2 }))).toEqual([10, 11]);
    expect(klines.openKline?.json).toBe(json(13, false));
    expect(klines.version).toBeGreaterThan(version);
  });
});

describe('the exchange stored with a value', () => {
  it('should keep the open kline as served beside the exchange it came from', () => {
    const klines = new MirroredKlines(5);
    klines.install({ open: withSource(json(3, false), 'binance'), closed: [stored(1), stored(2)] });
    expect(klines.openKline).toEqual({
      openTime: 3 * MINUTE,
      json: json(3, false),
      source: 'binance',
      isClosed: false,
    });
    klines.apply(withSource(json(4, false), 'kraken'));
    expect(klines.openKline).toEqual({
      openTime: 4 * MINUTE,
      json: json(4, false),
      source: 'kraken',
      isClosed: false,
    });
    klines.apply(json(5, false));
    expect(klines.openKline).toEqual({ openTime: 5 * MINUTE, json: json(5, false), isClosed: false });
  });

  it('should keep the latest price as served beside its exchange, and one stored without as it is', () => {
    const price = new MirroredPrice();
    const value = '{"price":"97000.1","time":"2026-11-26T10:00:00.000Z"}';
    price.install(withSource(value, 'kraken'));
    expect(price.record).toEqual({ json: value, source: 'kraken' });
    price.apply(value);
    expect(price.record).toEqual({ json: value, source: undefined });
  });
});
