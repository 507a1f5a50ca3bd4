import type { Kline } from '@pds/market';

const FIELDS = ['closeTime', 'open', 'high', 'low', 'close', 'volume', 'trades'] as const;
type AuditedField = (typeof FIELDS)[number];

export interface FieldDifference {
  readonly field: AuditedField;
  readonly exchange: string | number;
  readonly stored: string | number;
}

export interface KlineMismatch {
  readonly openTime: string;
  readonly differences: readonly FieldDifference[];
}

/** How stored closed klines differ from the exchange's history of the same range. */
export interface KlineAudit {
  /** Open times of closed klines the exchange has and the store lacks. */
  readonly holes: readonly string[];
  /** Open times of stored klines the exchange does not have. */
  readonly extras: readonly string[];
  readonly mismatches: readonly KlineMismatch[];
}

/**
 * Compares stored klines with the exchange's, field by field, matched by their own openTime (cut
 * and off-grid klines included). The exchange's open kline is not history and is left out.
 */
export function auditKlines(exchange: readonly Kline[], stored: readonly Kline[]): KlineAudit {
  const closed = exchange.filter((kline) => kline.isClosed);
  const storedByOpen = new Map(stored.map((kline) => [kline.openTime, kline]));
  const exchangeOpens = new Set(closed.map((kline) => kline.openTime));
  const holes: string[] = [];
  const mismatches: KlineMismatch[] = [];
  for (const kline of closed) {
    const mine = storedByOpen.get(kline.openTime);
    if (!mine) {
      holes.push(kline.openTime);
      continue;
    }
    const differences = FIELDS.filter((field) => mine[field] !== kline[field]).map((field) => ({
      field,
      exchange: kline[field],
      stored: mine[field],
    }));
    if (differences.length > 0) mismatches.push({ openTime: kline.openTime, differences });
  }
  const extras = stored.map((kline) => kline.openTime).filter((openTime) => !exchangeOpens.has(openTime));
  return { holes, extras, mismatches };
}

export function isCleanAudit(audit: KlineAudit): boolean {
  return audit.holes.length === 0 && audit.extras.length === 0 && audit.mismatches.length === 0;
}
