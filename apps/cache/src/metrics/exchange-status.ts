import { ExchangeHttpError, ExchangeResponseError } from '@pds/exchange';

/** The `status` label of an exchange request that succeeded. */
export const EXCHANGE_OK = '200';

/** The `status` label of a failed exchange request: its HTTP status, or what kind of failure it was. */
export function exchangeFailureStatus(error: unknown): string {
  if (error instanceof ExchangeHttpError) return String(error.status);
  if (error instanceof ExchangeResponseError) return 'bad-response';
  return 'network-error';
}
