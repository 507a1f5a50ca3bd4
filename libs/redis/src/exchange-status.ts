/** A configured exchange's live feed as the ingestor leader last judged it. */
export type ExchangeFeedState = 'live' | 'dark';

/**
 * What the ingestor leader publishes about the exchanges (CONTRACT section 11): the exchange whose
 * live data is served now, the configured primary, and each configured exchange's state.
 */
export interface ExchangeStatus {
  readonly source: string;
  readonly primary: string;
  readonly exchanges: Readonly<Record<string, ExchangeFeedState>>;
}

export function exchangeStatusJson(status: ExchangeStatus): string {
  return JSON.stringify({ source: status.source, primary: status.primary, exchanges: status.exchanges });
}

function isFeedState(value: unknown): value is ExchangeFeedState {
  return value === 'live' || value === 'dark';
}

/** Undefined for anything that is not an ExchangeStatus (a stale or foreign value is ignored). */
export function parseExchangeStatus(json: string | null | undefined): ExchangeStatus | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { source, primary, exchanges } = value as Record<string, unknown>;
  if (typeof source !== 'string' || typeof primary !== 'string') return undefined;
  if (typeof exchanges !== 'object' || exchanges === null) return undefined;
  if (!Object.values(exchanges).every(isFeedState)) return undefined;
  return { source, primary, exchanges: exchanges as Record<string, ExchangeFeedState> };
}
