import { toJsonText, num } from './kraken-json';
import { krakenPrice, krakenPriceLong, krakenVolume, krakenVolumeNumber, vwapTicks } from './kraken-numbers';
import { rfc3339Micros, rfc3339Nanos } from './kraken-time';

describe('Kraken numbers', () => {
  it('puts prices on the 0.1 tick, half up, without a float', () => {
    expect(krakenPrice(9_712_340)).toBe('97123.4');
    expect(krakenPrice(9_712_345)).toBe('97123.5');
    expect(krakenPrice(9_712_344)).toBe('97123.4');
    expect(krakenPrice(9_999_999_995)).toBe('100000000.0');
    expect(krakenPriceLong(9_712_340)).toBe('97123.40000');
  });

  it('writes volumes with 8 decimals in REST and trimmed in WebSocket numbers', () => {
    expect(krakenVolume(50_000)).toBe('0.50000000');
    expect(krakenVolume(123n)).toBe('0.00123000');
    expect(krakenVolumeNumber(50_000)).toBe('0.5');
    expect(krakenVolumeNumber(100_000)).toBe('1.0');
    expect(krakenVolumeNumber(642_346_326n)).toBe('6423.46326');
  });

  it('averages a price by volume on integers', () => {
    // 2 BTC at 100.00 and 1 BTC at 100.30: vwap 100.10.
    const quote = 10_000n * 200_000n + 10_030n * 100_000n;
    expect(vwapTicks(quote, 300_000n)).toBe(10_010n);
    expect(vwapTicks(0n, 0n)).toBe(0n);
  });
});

describe('Kraken JSON text', () => {
  it('writes numbers verbatim, keeps key order and leaves out undefined members', () => {
    const text = toJsonText({
      price: num('97123.4'),
      qty: num('0.00001'),
      side: 'buy',
      gone: undefined,
      ids: [1, 2],
    });
    expect(text).toBe('{"price":97123.4,"qty":0.00001,"side":"buy","ids":[1,2]}');
    expect(toJsonText({ id: num(13834774380200032777n) })).toBe('{"id":13834774380200032777}');
  });

  it('writes RFC 3339 times with micro- and nanoseconds', () => {
    expect(rfc3339Micros(Date.UTC(2023, 8, 25, 7, 48, 36, 925))).toBe('2023-09-25T07:48:36.925000Z');
    expect(rfc3339Nanos(Date.UTC(2023, 9, 4, 15, 25))).toBe('2023-10-04T15:25:00.000000000Z');
  });
});
