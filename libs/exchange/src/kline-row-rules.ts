import type { Kline } from '@pds/market';
import { checkKline, timeBounds } from './stream/frame-checks';
import type { RefusalReason } from './stream/refusal-reasons';

/** How a REST answer's kline rows are checked (CONTRACT section 11, "Untrusted frames"). */
export interface KlineRowRules {
  /** The exchange's history start (`EXCHANGE_HISTORY_START_MS`); default: no bound. */
  readonly historyStartMs?: number;
  /** Told of each row refused by a rule of section 11 (dropped, so never stored). */
  readonly refused?: (reason: RefusalReason, detail: string) => void;
}

/**
 * The klines of a REST answer that pass section 11's rules, bounded by the service's clock at the
 * answer (`serviceNowMs`, never the exchange's own time); each one that breaks a rule is dropped
 * alone and reported, so one impossible kline never holds back the valid ones.
 */
export function keepValidKlines(
  klines: readonly Kline[],
  serviceNowMs: number,
  rules: KlineRowRules,
): Kline[] {
  const bounds = timeBounds(rules.historyStartMs ?? 0, serviceNowMs);
  return klines.filter((kline, index) => {
    const refusal = checkKline(kline, bounds);
    if (refusal)
      rules.refused?.(refusal, `${refusal}: kline row ${index} ${JSON.stringify(kline).slice(0, 200)}`);
    return refusal === undefined;
  });
}

/**
 * Drops (and reports, as `malformed`) each kline not after the one kept before it: an answer's rows
 * come ascending, so one row dated elsewhere is refused alone rather than the rows after it.
 */
export function inOrder(klines: readonly Kline[], rules: KlineRowRules): Kline[] {
  let previous = Number.NEGATIVE_INFINITY;
  return klines.filter((kline) => {
    const openTime = Date.parse(kline.openTime);
    if (openTime > previous) {
      previous = openTime;
      return true;
    }
    rules.refused?.('malformed', `malformed: kline out of order ${JSON.stringify(kline).slice(0, 200)}`);
    return false;
  });
}
