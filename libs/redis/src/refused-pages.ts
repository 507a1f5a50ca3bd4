import type { Span } from '@pds/market';

/**
 * CONTRACT section 11, "History rows are checked one by one": a REST page with refused rows is used
 * (its valid klines stored) and its slots without a kline are answered as slots the exchange has no
 * kline for, but only until it may be asked again, at most once every REFUSED_PAGE_RETRY_MS. Its
 * span is then unknown again, so the next read that needs it has it fetched once more.
 *
 * Layout (`RedisKeys.refusedPages`, a sorted set, shared by every replica and kept across
 * restarts): score = the span's first open time, member = `<last open time>:<retry at, epoch ms>`.
 * The cache workers write it (kline-store.lua.ts); cache workers and gateways read it.
 */
export const REFUSED_PAGE_RETRY_MS = 10 * 60_000;

export function refusedPageMember(to: number, retryAt: number): string {
  return `${to}:${retryAt}`;
}

/**
 * The spans of a `ZRANGEBYSCORE … WITHSCORES` reply (member, score, …) that are still known at
 * `now`: their retry time has not come.
 */
export function liveRefusedSpans(flat: readonly (string | number)[], now: number): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    const [to, retryAt] = String(flat[index]).split(':').map(Number);
    const from = Number(flat[index + 1]);
    if (to !== undefined && retryAt !== undefined && retryAt > now) spans.push({ from, to });
  }
  return spans;
}
