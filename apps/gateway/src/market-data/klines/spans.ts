import { type Interval, intervalMs, PAGE_KLINES, type Span } from '@pds/market';

/** The slots in both `a` and `b` (each a list of disjoint spans, in any order). */
export function intersection(a: readonly Span[], b: readonly Span[]): Span[] {
  const both: Span[] = [];
  for (const left of a) {
    for (const right of b) {
      const from = Math.max(left.from, right.from);
      const to = Math.min(left.to, right.to);
      if (from <= to) both.push({ from, to });
    }
  }
  return both.sort((x, y) => x.from - y.from);
}

/**
 * The pages (PAGE_KLINES slots, aligned to multiples of PAGE_KLINES × interval since the epoch)
 * that hold `unknown`, nearest first in the direction the window reads, at most `max` of them.
 * Aligned pages let overlapping asks share one job (and one exchange request) per page.
 */
export function pagesToFill(
  unknown: readonly Span[],
  interval: Interval,
  direction: 'forward' | 'backward',
  max: number,
): Span[] {
  const step = intervalMs(interval);
  const size = PAGE_KLINES * step;
  const pageOf = (time: number): number => Math.floor(time / size) * size;
  const ordered = direction === 'forward' ? [...unknown] : [...unknown].reverse();
  const pages: Span[] = [];
  for (const span of ordered) {
    const first = pageOf(direction === 'forward' ? span.from : span.to);
    const last = pageOf(direction === 'forward' ? span.to : span.from);
    const delta = direction === 'forward' ? size : -size;
    for (let page = first; direction === 'forward' ? page <= last : page >= last; page += delta) {
      if (pages.length >= max) return pages;
      if (!pages.some((known) => known.from === page)) pages.push({ from: page, to: page + size - step });
    }
  }
  return pages;
}
