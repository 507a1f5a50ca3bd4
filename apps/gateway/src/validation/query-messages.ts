import { INTERVALS, MARKET_SYMBOLS } from '@pds/market';
import { KLINES_LIMIT } from './query-rules';

/** The 400 messages of CONTRACT section 2, word for word. */
export const QueryMessage = {
  symbol: `symbol must be one of the following values: ${MARKET_SYMBOLS.join(', ')}`,
  interval: `interval must be one of the following values: ${INTERVALS.join(', ')}`,
  limit: `limit must be an integer between ${KLINES_LIMIT.min} and ${KLINES_LIMIT.max}`,
  dateTime: (name: string) => `${name} must be an ISO 8601 date-time`,
  fromAfterTo: 'from must not be later than to',
  repeated: (name: string) => `${name} must be given once`,
} as const;
