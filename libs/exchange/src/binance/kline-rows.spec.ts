import { ExchangeResponseError } from '../exchange-errors';
import {
  DOCUMENTED_DAY_KLINE,
  DOCUMENTED_KLINE_ROWS,
  documentedRowsAsDay,
} from '../testing/binance-documented-frames';
import { klinesFromRows } from './kline-rows';

function row(openTime: number, close: string): unknown[] {
  return [
    openTime,
    '1.00000000',
    '2.00000000',
    '0.50000000',
    close,
    '3.00000000',
    openTime + 59_999,
    '0',
    4,
    '0',
    '0',
    '0',
  ];
}

describe('klinesFromRows', () => {
  it('maps the documented row field by field, decimals untouched', () => {
    const rows = documentedRowsAsDay(DOCUMENTED_KLINE_ROWS);
    expect(klinesFromRows(rows, '1d', 1499644800000)).toEqual([DOCUMENTED_DAY_KLINE]);
  });

  it('calls the last row closed only when its closeTime is before the exchange clock', () => {
    const rows = [row(0, '1.1'), row(60_000, '1.2')];
    expect(klinesFromRows(rows, '1m', 119_999).map((k) => k.isClosed)).toEqual([true, false]);
    expect(klinesFromRows(rows, '1m', 120_000).map((k) => k.isClosed)).toEqual([true, true]);
  });

  it('calls every row followed by a later one closed, whatever the clock says', () => {
    // The clock is before the first row's close; the second row opens 30 s ahead of it (allowed).
    expect(klinesFromRows([row(0, '1'), row(180_000, '2')], '1m', 150_000).map((k) => k.isClosed)).toEqual([
      true,
      false,
    ]);
  });

  it("keeps the exchange's own openTime and closeTime of a cut and an off-grid kline", () => {
    const cut = row(1518048000000, '1');
    cut[6] = 1518049694788;
    const offGrid = row(1518168494789, '2');
    offGrid[6] = 1518172094788;
    const klines = klinesFromRows([cut, offGrid], '1h', 1518300000000);
    expect(klines.map((kline) => [kline.openTime, kline.closeTime])).toEqual([
      ['2018-02-08T00:00:00.000Z', '2018-02-08T00:28:14.788Z'],
      ['2018-02-09T09:28:14.789Z', '2018-02-09T10:28:14.788Z'],
    ]);
  });

  it('accepts an empty answer (a range before the first kline)', () => {
    expect(klinesFromRows([], '1m', 0)).toEqual([]);
  });

  it('refuses a body that is not an array of rows whole', () => {
    expect(() => klinesFromRows({ code: -1121 }, '1m', 0)).toThrow(ExchangeResponseError);
  });
});

describe('klinesFromRows: a row not in the shape is dropped alone (CONTRACT section 11)', () => {
  const NOW = 1518300000000;
  const withField = (openTime: number, index: number, value: unknown): unknown[] => {
    const out = row(openTime, '1');
    out[index] = value;
    return out;
  };

  it.each([
    ['a short row', [60_000, '1'], 'malformed'],
    ['a float price', withField(60_000, 1, 1.5), 'malformed'],
    ['a non-numeric price', withField(60_000, 1, 'abc'), 'malformed'],
    ['an open time in microseconds', withField(60_000, 0, 1518048000000000), 'malformed'],
    ['an open time that is not an integer', withField(60_000, 0, '60000'), 'malformed'],
    ['a close time in microseconds', withField(60_000, 6, 1518049694788000), 'malformed'],
    ['a close time before the open time', withField(60_000, 6, 59_999), 'malformed'],
    ['a negative volume', withField(60_000, 5, '-3.00000000'), 'not-positive'],
    ['a negative trade count', withField(60_000, 8, -4), 'trade-count'],
    ['a trade count of 2^53+1', withField(60_000, 8, 2 ** 53 + 2), 'trade-count'],
    ['an open time a day later than its place', withField(60_000, 0, 60_000 + 86_400_000), 'malformed'],
  ])('drops %s, reports its reason and keeps the rows around it', (_name, bad, reason) => {
    const refused: string[] = [];
    const klines = klinesFromRows([row(0, '1'), bad, row(120_000, '1')], '1m', NOW, {
      refused: (why) => refused.push(why),
    });
    expect(klines.map((kline) => kline.openTime)).toEqual([
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:02:00.000Z',
    ]);
    expect(refused).toEqual([reason]);
  });

  it('drops a row dated before the one kept ahead of it, not the rows after it', () => {
    const refused: string[] = [];
    const rows = [row(0, '1'), row(180_000, '1'), row(120_000, '1'), row(240_000, '1')];
    const klines = klinesFromRows(rows, '1m', NOW, { refused: (why) => refused.push(why) });
    expect(klines.map((kline) => Date.parse(kline.openTime))).toEqual([0, 180_000, 240_000]);
    expect(refused).toEqual(['malformed']);
  });
});

describe('klinesFromRows: the rules of section 11, row by row', () => {
  const at = (openTime: number, fields: Record<number, unknown>): unknown[] => {
    const out = row(openTime, '1.00000000');
    for (const [index, value] of Object.entries(fields)) out[Number(index)] = value;
    return out;
  };

  it.each([
    ['a price of 0', at(60_000, { 1: '0.00000000' }), 'not-positive'],
    ['a high below its low', at(60_000, { 2: '0.40000000' }), 'ohlc'],
    ['a low above its close', at(60_000, { 3: '1.50000000', 2: '2.0' }), 'ohlc'],
    ['an open time far ahead of the exchange clock', at(7_258_118_400_000, {}), 'time-ahead'],
    ['a 41-digit price', at(60_000, { 2: '1'.repeat(41) }), 'number-length'],
  ])('drops %s alone, reports it and keeps the other rows', (_name, bad, reason) => {
    const refused: string[] = [];
    const rows = [row(0, '1.00000000'), bad, row(7_200_000, '1.1')].sort(
      (a, b) => Number(a[0]) - Number(b[0]),
    );
    const klines = klinesFromRows(rows, '1m', 7_300_000, { refused: (why) => refused.push(why) });
    expect(klines.map((kline) => kline.openTime)).toEqual([
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T02:00:00.000Z',
    ]);
    expect(refused).toEqual([reason]);
  });

  it('refuses rows before the exchange history starts when told where it starts', () => {
    const refused: string[] = [];
    const klines = klinesFromRows([row(0, '1'), row(Date.UTC(2017, 7, 17), '1')], '1m', Date.now(), {
      historyStartMs: Date.UTC(2017, 7, 17),
      refused: (why) => refused.push(why),
    });
    expect(klines).toHaveLength(1);
    expect(refused).toEqual(['time-before-history']);
  });
});
