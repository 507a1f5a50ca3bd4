import { OHLC_SNAPSHOT } from '../testing/kraken-documented-frames';
import { parseKrakenFrame } from './parse-kraken-frame';

describe("Kraken's numbers and empty snapshots through our parser", () => {
  /** The documented ohlc snapshot, its second `trades` and its first `close` spelled as given. */
  function ohlcWith(trades: string, close = '0.09875'): string {
    return OHLC_SNAPSHOT.replace('"trades": 13', `"trades": ${trades}`).replace(
      '"close": 0.09875,\n            "trades"',
      `"close": ${close},\n            "trades"`,
    );
  }

  it('reads trades, documented as "float", as the whole number however it is spelled', () => {
    for (const spelling of ['12', '12.0', '1.2e1', '120e-1', '12.000']) {
      expect(parseKrakenFrame(ohlcWith(spelling))).toMatchObject({
        kind: 'ohlc',
        candles: [{ trades: 1 }, { trades: 12 }],
      });
    }
  });

  it('refuses a trades count that is not whole, or negative, as a bad value', () => {
    for (const spelling of ['12.5', '1.25e1', '-12', '-0.0']) {
      expect(parseKrakenFrame(ohlcWith(spelling))).toMatchObject({
        kind: 'rejected',
        reason: 'invalid-field',
        detail: 'trades',
      });
    }
    expect(parseKrakenFrame(ohlcWith('12.5'))).toMatchObject({ rule: 'not-whole' });
  });

  it('refuses a number of more than 40 digits before writing it out', () => {
    // The frame: ten characters that would be fifty million digits written out.
    const huge =
      '{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"buy","price":1e50000000,' +
      '"qty":1,"ord_type":"market","trade_id":1,"timestamp":"2024-01-01T00:00:00Z"}]}';
    expect(parseKrakenFrame(huge)).toEqual({
      kind: 'rejected',
      reason: 'invalid-field',
      detail: 'price',
      rule: 'number-length',
    });
    const spellings = ['1e41', '1e-41', `1${'0'.repeat(40)}`, `0.${'0'.repeat(40)}1`, '1e+0000000000041'];
    for (const spelling of spellings) {
      expect(parseKrakenFrame(ohlcWith('13', spelling))).toMatchObject({ rule: 'number-length' });
    }
    // Forty digits are still a number (whether it is a sane price is the engine's rule).
    expect(parseKrakenFrame(ohlcWith('13', '1e39'))).toMatchObject({
      kind: 'ohlc',
      candles: [{ close: `1${'0'.repeat(39)}` }, {}],
    });
  });

  it('reads an empty snapshot as nothing yet', () => {
    expect(parseKrakenFrame('{"channel":"trade","type":"snapshot","data":[]}')).toEqual({
      kind: 'trade',
      type: 'snapshot',
      trades: [],
    });
    expect(parseKrakenFrame('{"channel":"ohlc","type":"snapshot","data":[]}')).toEqual({
      kind: 'ohlc',
      type: 'snapshot',
      time: undefined,
      candles: [],
    });
  });
});
