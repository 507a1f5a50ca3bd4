import { PAGE_KLINES, uncoveredParts } from '@pds/market';
import { intersection, pagesToFill } from './spans';

const M = 60_000;
const PAGE = PAGE_KLINES * M;

describe('uncoveredParts', () => {
  it('should keep a gap no span covers', () => {
    expect(uncoveredParts({ from: 5 * M, to: 9 * M }, [], M)).toEqual([{ from: 5 * M, to: 9 * M }]);
  });

  it('should drop what covered spans hold', () => {
    const covered = [
      { from: 0, to: 5 * M },
      { from: 7 * M, to: 7 * M },
    ];
    expect(uncoveredParts({ from: 3 * M, to: 9 * M }, covered, M)).toEqual([
      { from: 6 * M, to: 6 * M },
      { from: 8 * M, to: 9 * M },
    ]);
  });

  it('should give nothing for a gap inside a covered span', () => {
    expect(uncoveredParts({ from: 3 * M, to: 9 * M }, [{ from: 0, to: 20 * M }], M)).toEqual([]);
  });
});

describe('pagesToFill', () => {
  it('should give the aligned pages of an unaligned range, nearest first', () => {
    const unknown = [{ from: PAGE + 500 * M, to: 2 * PAGE + 499 * M }];
    expect(pagesToFill(unknown, '1m', 'forward', 5)).toEqual([
      { from: PAGE, to: 2 * PAGE - M },
      { from: 2 * PAGE, to: 3 * PAGE - M },
    ]);
    expect(pagesToFill(unknown, '1m', 'backward', 5).map((page) => page.from)).toEqual([2 * PAGE, PAGE]);
  });

  it('should stop at max pages, even for a range back to the epoch', () => {
    const unknown = [{ from: M, to: 10_000 * PAGE }];
    expect(pagesToFill(unknown, '1m', 'backward', 2).map((page) => page.from)).toEqual([
      10_000 * PAGE,
      9999 * PAGE,
    ]);
  });

  it('should give each page once', () => {
    const unknown = [
      { from: 3 * M, to: 4 * M },
      { from: 8 * M, to: 9 * M },
    ];
    expect(pagesToFill(unknown, '1m', 'forward', 5)).toEqual([{ from: 0, to: PAGE - M }]);
  });
});

describe('intersection', () => {
  it('should keep the parts inside the focus', () => {
    const spans = [
      { from: 0, to: 5 * M },
      { from: 8 * M, to: 20 * M },
    ];
    expect(intersection(spans, [{ from: 4 * M, to: 10 * M }])).toEqual([
      { from: 4 * M, to: 5 * M },
      { from: 8 * M, to: 10 * M },
    ]);
    expect(intersection(spans, [{ from: 6 * M, to: 7 * M }])).toEqual([]);
  });

  it('should intersect two lists of spans', () => {
    const a = [
      { from: 0, to: 5 * M },
      { from: 8 * M, to: 20 * M },
    ];
    const b = [
      { from: 15 * M, to: 30 * M },
      { from: 3 * M, to: 9 * M },
    ];
    expect(intersection(a, b)).toEqual([
      { from: 3 * M, to: 5 * M },
      { from: 8 * M, to: 9 * M },
      { from: 15 * M, to: 20 * M },
    ]);
  });
});
