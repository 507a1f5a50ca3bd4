import { InvalidEnvironmentError, loadEnvironment } from '@pds/config';
import { CacheEnvironment } from '../cache.environment';

describe('the cache environment and the exchange settings', () => {
  it('builds the primary from EXCHANGE and its own URL setting', () => {
    const env = loadEnvironment(CacheEnvironment, {
      EXCHANGE: 'binance-us',
      BINANCE_US_REST_URL: 'http://127.0.0.1:9',
    });
    expect(env.exchangeSettings().primary).toEqual({
      name: 'binance-us',
      wsUrl: 'wss://stream.binance.us:9443',
      restUrl: 'http://127.0.0.1:9',
    });
  });

  it('stops at start with one line naming a bad setting', () => {
    let error: unknown;
    try {
      loadEnvironment(CacheEnvironment, { EXCHANGE: 'kraken' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^Invalid environment variables: EXCHANGE="kraken" \(EXCHANGE=kraken cannot be the primary: /,
    );
    expect(message).not.toContain('\n');
  });
});
