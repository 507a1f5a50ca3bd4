import { klineJson, priceJson } from './market-json';

describe('market JSON', () => {
  it('writes a kline with the interface field order', () => {
    const shuffled = {
      isClosed: false,
      trades: 3,
      volume: '1.10350000',
      close: '97000.01000000',
      low: '97000.01000000',
      high: '97200.00000000',
      open: '97123.45000000',
      closeTime: '2026-11-22T01:02:59.999Z',
      openTime: '2026-11-22T01:02:00.000Z',
    };
    expect(klineJson(shuffled)).toBe(
      '{"openTime":"2026-11-22T01:02:00.000Z","closeTime":"2026-11-22T01:02:59.999Z","open":"97123.45000000",' +
        '"high":"97200.00000000","low":"97000.01000000","close":"97000.01000000","volume":"1.10350000","trades":3,"isClosed":false}',
    );
  });

  it('writes a price as {price, time}', () => {
    expect(priceJson({ time: '2026-11-22T01:02:03.456Z', price: '97123.45000000' })).toBe(
      '{"price":"97123.45000000","time":"2026-11-22T01:02:03.456Z"}',
    );
  });
});
