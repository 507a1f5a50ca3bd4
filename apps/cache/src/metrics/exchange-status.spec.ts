import { ExchangeHttpError, ExchangeRateLimitError, ExchangeResponseError } from '@pds/exchange';
import { exchangeFailureStatus } from './exchange-status';

describe('exchangeFailureStatus', () => {
  it('should be the HTTP status when the exchange answered with a failure', () => {
    expect(exchangeFailureStatus(new ExchangeRateLimitError(429, 10, 1300))).toBe('429');
    expect(exchangeFailureStatus(new ExchangeHttpError(500, undefined, undefined))).toBe('500');
  });

  it('should name the kind of failure when there is no status to give', () => {
    expect(exchangeFailureStatus(new ExchangeResponseError('no array'))).toBe('bad-response');
    expect(exchangeFailureStatus(new TypeError('fetch failed'))).toBe('network-error');
  });
});
