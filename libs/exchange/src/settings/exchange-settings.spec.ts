import { ExchangeSettingsError, readExchangeSettings, type SettingsSource } from './exchange-settings';

function problemOf(env: SettingsSource): string {
  try {
    readExchangeSettings(env);
  } catch (error) {
    if (error instanceof ExchangeSettingsError) return error.message;
    throw error;
  }
  throw new Error('no error');
}

describe('readExchangeSettings', () => {
  it('defaults to Binance on its public market-data hosts, without standbys', () => {
    expect(readExchangeSettings({})).toEqual({
      primary: {
        name: 'binance',
        wsUrl: 'wss://data-stream.binance.vision',
        restUrl: 'https://data-api.binance.vision',
      },
      standbys: [],
    });
  });

  it('reads the primary and the ordered standbys with their own hosts', () => {
    const settings = readExchangeSettings({
      EXCHANGE: 'binance-us',
      EXCHANGE_STANDBYS: ' kraken , binance',
      KRAKEN_WS_URL: 'ws://127.0.0.1:7001/v2',
      BINANCE_REST_URL: 'http://127.0.0.1:7002',
    });
    expect(settings.primary).toEqual({
      name: 'binance-us',
      wsUrl: 'wss://stream.binance.us:9443',
      restUrl: 'https://api.binance.us',
    });
    expect(settings.standbys).toEqual([
      { name: 'kraken', wsUrl: 'ws://127.0.0.1:7001/v2', restUrl: 'https://api.kraken.com' },
      { name: 'binance', wsUrl: 'wss://data-stream.binance.vision', restUrl: 'http://127.0.0.1:7002' },
    ]);
  });

  it('lets EXCHANGE_WS_URL and EXCHANGE_REST_URL win for the primary only', () => {
    const settings = readExchangeSettings({
      EXCHANGE_STANDBYS: 'binance-us',
      EXCHANGE_WS_URL: 'ws://127.0.0.1:1',
      EXCHANGE_REST_URL: 'http://127.0.0.1:1',
      BINANCE_WS_URL: 'ws://127.0.0.1:2',
      BINANCE_US_WS_URL: 'ws://127.0.0.1:3',
    });
    expect(settings.primary).toEqual({
      name: 'binance',
      wsUrl: 'ws://127.0.0.1:1',
      restUrl: 'http://127.0.0.1:1',
    });
    expect(settings.standbys[0]?.wsUrl).toBe('ws://127.0.0.1:3');
  });

  it('stops on an unknown primary, naming it', () => {
    expect(problemOf({ EXCHANGE: 'bitstamp' })).toBe(
      'EXCHANGE="bitstamp" is not an exchange that can be the primary: use binance or binance-us',
    );
  });

  it('stops on an unknown standby, naming it', () => {
    expect(problemOf({ EXCHANGE_STANDBYS: 'kraken,coinbase' })).toBe(
      'EXCHANGE_STANDBYS lists "coinbase", which is not an exchange: use binance, binance-us, kraken',
    );
  });

  it('stops when the primary is also listed as a standby', () => {
    expect(problemOf({ EXCHANGE: 'binance-us', EXCHANGE_STANDBYS: 'kraken,binance-us' })).toBe(
      'EXCHANGE_STANDBYS lists binance-us, the primary (EXCHANGE=binance-us): a standby must be another exchange',
    );
  });

  it('stops on a standby listed twice', () => {
    expect(problemOf({ EXCHANGE_STANDBYS: 'kraken,kraken' })).toBe('EXCHANGE_STANDBYS lists kraken twice');
  });

  it('stops on EXCHANGE=kraken and says why', () => {
    const message = problemOf({ EXCHANGE: 'kraken' });
    expect(message).toMatch(/^EXCHANGE=kraken cannot be the primary: /);
    expect(message).toContain('only the latest 720 klines');
    expect(message).toContain('a standby only');
  });

  it('stops on a malformed WebSocket URL', () => {
    expect(problemOf({ KRAKEN_WS_URL: 'https://ws.kraken.com/v2' })).toBe(
      'KRAKEN_WS_URL="https://ws.kraken.com/v2" is not a ws:// or wss:// URL',
    );
  });

  it('stops on a malformed REST URL', () => {
    expect(problemOf({ EXCHANGE_REST_URL: 'data-api.binance.vision' })).toBe(
      'EXCHANGE_REST_URL="data-api.binance.vision" is not a http:// or https:// URL',
    );
  });

  it('says every problem in one line', () => {
    for (const env of [
      { EXCHANGE: 'kraken' },
      { EXCHANGE_STANDBYS: 'x' },
      { BINANCE_US_REST_URL: 'ftp://x' },
    ]) {
      expect(problemOf(env)).not.toContain('\n');
    }
  });
});
