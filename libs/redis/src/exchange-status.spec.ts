import { exchangeStatusJson, parseExchangeStatus } from './exchange-status';

describe('exchange status', () => {
  it('should read back what it wrote', () => {
    const status = {
      source: 'kraken',
      primary: 'binance',
      exchanges: { binance: 'dark', kraken: 'live' },
    } as const;
    expect(parseExchangeStatus(exchangeStatusJson(status))).toEqual(status);
  });

  it.each(['', 'not json', '42', '{"source":1}', '{"source":"a","primary":"a","exchanges":{"a":"maybe"}}'])(
    'should ignore %j, which is not a status',
    (json) => {
      expect(parseExchangeStatus(json)).toBeUndefined();
    },
  );
});
