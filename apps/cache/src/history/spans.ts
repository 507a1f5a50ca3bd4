import { type Span, uncoveredParts } from '@pds/market';

/**
 * The parts of `range` that nothing vouches for: in no covered span and holding no stored kline.
 * `covered` and `present` (open times of stored klines) need not be sorted or clipped.
 */
export function unknownSpans(
  range: Span,
  covered: readonly Span[],
  present: readonly number[],
  stepMs: number,
): Span[] {
  return uncoveredParts(range, [...covered, ...present.map((time) => ({ from: time, to: time }))], stepMs);
}
