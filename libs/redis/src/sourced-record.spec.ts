import { splitSource, withSource } from './sourced-record';

describe('sourced records', () => {
  const price = '{"price":"97000.12000000","time":"2026-11-26T10:00:00.000Z"}';
  const kline = '{"openTime":"2026-11-26T10:00:00.000Z","open":"1.0","isClosed":false}';

  it('should give back the value and its exchange when the record carries one', () => {
    expect(splitSource(withSource(price, 'kraken'))).toEqual({ json: price, source: 'kraken' });
    expect(splitSource(withSource(kline, 'binance-us'))).toEqual({ json: kline, source: 'binance-us' });
    expect(JSON.parse(withSource(price, 'binance'))).toEqual({ ...JSON.parse(price), source: 'binance' });
  });

  it('should give the record as it is when it was written without an exchange', () => {
    expect(splitSource(price)).toEqual({ json: price, source: undefined });
    expect(splitSource(kline)).toEqual({ json: kline, source: undefined });
    expect(splitSource('')).toEqual({ json: '', source: undefined });
  });

  it('should not take a field of another shape for the exchange', () => {
    const odd = '{"price":"1","source":"Not An Exchange"}';
    expect(splitSource(odd)).toEqual({ json: odd, source: undefined });
  });
});
