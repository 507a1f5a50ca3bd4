import { noSuch } from './stripe-error';
import type { Params } from './params';

export interface StripeList<T> {
  readonly object: 'list';
  readonly data: T[];
  readonly has_more: boolean;
  readonly url: string;
}

/** Stripe lists newest first; `limit` 1..100 (default 10), `starting_after` an id of the previous page. */
export function listPage<T extends { id: string }>(
  items: Iterable<T>,
  params: Params,
  url: string,
): StripeList<T> {
  const limit = params.optionalInteger('limit', 1, 100) ?? 10;
  const startingAfter = params.optionalString('starting_after');
  const newestFirst = [...items].reverse();
  let from = 0;
  if (startingAfter !== undefined) {
    const index = newestFirst.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw noSuch('object', startingAfter, 'starting_after');
    from = index + 1;
  }
  const data = newestFirst.slice(from, from + limit);
  return { object: 'list', data, has_more: from + limit < newestFirst.length, url };
}

/** Stripe's range filter: `created=N` or `created[gte|gt|lte|lt]=N`; absent matches everything. */
export function rangeFilter(params: Params, key: string): (value: number) => boolean {
  if (!params.has(key)) return () => true;
  const range = params.isObject(key) ? params.optionalObject(key) : undefined;
  if (!range) {
    const exact = params.optionalInteger(key, 0, Number.MAX_SAFE_INTEGER);
    return (value) => value === exact;
  }
  range.allowOnly(['gt', 'gte', 'lt', 'lte']);
  const bound = (name: string): number =>
    range.optionalInteger(name, 0, Number.MAX_SAFE_INTEGER) ?? Number.NaN;
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  // A comparison with NaN is false, so `!(value <= NaN)` keeps an absent bound open.
  return (value) => !(value <= gt) && !(value < gte) && !(value >= lt) && !(value > lte);
}
