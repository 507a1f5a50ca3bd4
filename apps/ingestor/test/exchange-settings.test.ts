import { type AppName, runUntilExit, testRedis, uniquePrefix } from '@pds/testing';

/** CONTRACT section 11: a bad exchange setting stops the process at start with one line naming it. */
const BAD_SETTINGS: readonly (readonly [string, Record<string, string>, RegExp])[] = [
  ['an unknown exchange', { EXCHANGE: 'bitfinex' }, /EXCHANGE="bitfinex".*binance or binance-us/],
  ['an unknown standby', { EXCHANGE_STANDBYS: 'kraken,coinbase' }, /EXCHANGE_STANDBYS lists "coinbase"/],
  [
    'the primary as a standby',
    { EXCHANGE_STANDBYS: 'kraken,binance' },
    /EXCHANGE_STANDBYS lists binance, the primary/,
  ],
  ['Kraken as the primary', { EXCHANGE: 'kraken' }, /EXCHANGE=kraken cannot be the primary: .*720 klines/],
  [
    'a malformed URL',
    { KRAKEN_WS_URL: 'ws//kraken' },
    /KRAKEN_WS_URL="ws\/\/kraken" is not a ws:\/\/ or wss:\/\/ URL/,
  ],
];

describe.each<AppName>(['ingestor', 'cache'])('the %s with a bad exchange setting', (app) => {
  it.each(BAD_SETTINGS)(
    'should stop at start on %s, in one line naming it',
    async (_case, settings, message) => {
      const exit = await runUntilExit(app, {
        ...testRedis().env,
        REDIS_PREFIX: uniquePrefix('exchange-settings'),
        ...settings,
      });
      expect(exit.code).toBe(78);
      const lines = exit.output.split('\n').filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    },
  );
});
