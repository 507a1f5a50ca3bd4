import { slotCount } from '@pds/market';
import { unknownSpans } from './spans';

const M = 60_000;

describe('slotCount', () => {
  it('should count both ends', () => {
    expect(slotCount({ from: 0, to: 9 * M }, M)).toBe(10);
    expect(slotCount({ from: 5 * M, to: 5 * M }, M)).toBe(1);
  });

  it('should be 0 for an empty span', () => {
    expect(slotCount({ from: 5 * M, to: 4 * M }, M)).toBe(0);
  });
});

describe('unknownSpans', () => {
  const range = { from: 10 * M, to: 19 * M };

  it('should give the whole range when nothing is known', () => {
    expect(unknownSpans(range, [], [], M)).toEqual([range]);
  });

  it('should give nothing when a covered span holds the range', () => {
    expect(unknownSpans(range, [{ from: 0, to: 30 * M }], [], M)).toEqual([]);
  });

  it('should give nothing when every slot holds a stored kline', () => {
    const present = Array.from({ length: 10 }, (_, index) => (10 + index) * M);
    expect(unknownSpans(range, [], present, M)).toEqual([]);
  });

  it('should give the holes between stored klines and covered spans', () => {
    const unknown = unknownSpans(
      range,
      [
        { from: 0, to: 11 * M },
        { from: 16 * M, to: 17 * M },
      ],
      [12 * M, 14 * M, 19 * M],
      M,
    );
    expect(unknown).toEqual([
      { from: 13 * M, to: 13 * M },
      { from: 15 * M, to: 15 * M },
      { from: 18 * M, to: 18 * M },
    ]);
  });

  it('should ignore what lies outside the range and accept unsorted input', () => {
    const unknown = unknownSpans(range, [{ from: 25 * M, to: 30 * M }], [17 * M, 3 * M, 11 * M], M);
    expect(unknown).toEqual([
      { from: 10 * M, to: 10 * M },
      { from: 12 * M, to: 16 * M },
      { from: 18 * M, to: 19 * M },
    ]);
  });

  it('should treat overlapping spans and klines inside spans as one', () => {
    const unknown = unknownSpans(
      range,
      [
        { from: 10 * M, to: 14 * M },
        { from: 12 * M, to: 15 * M },
      ],
      [13 * M, 16 * M],
      M,
    );
    expect(unknown).toEqual([{ from: 17 * M, to: 19 * M }]);
  });
});
