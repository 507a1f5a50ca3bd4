import { requestWeight } from './request-weight';

describe('requestWeight', () => {
  it('charges what rest-api.md lists', () => {
    expect(
      requestWeight('/api/v3/klines', new URLSearchParams('symbol=BTCUSDT&interval=1m&limit=1000')),
    ).toBe(2);
    expect(requestWeight('/api/v3/ticker/price', new URLSearchParams('symbol=BTCUSDT'))).toBe(2);
    expect(requestWeight('/api/v3/ticker/price', new URLSearchParams())).toBe(4);
    expect(requestWeight('/api/v3/time', new URLSearchParams())).toBe(1);
    expect(requestWeight('/api/v3/unknown', new URLSearchParams())).toBe(1);
  });
});

describe('requestWeight on Binance.US', () => {
  it('charges what Binance.US rest-api.md lists', () => {
    const klines = new URLSearchParams('symbol=BTCUSDT&interval=1m&limit=1000');
    expect(requestWeight('/api/v3/klines', klines, 'binance-us')).toBe(1);
    expect(requestWeight('/api/v3/ticker/price', new URLSearchParams('symbol=BTCUSDT'), 'binance-us')).toBe(
      1,
    );
    expect(requestWeight('/api/v3/ticker/price', new URLSearchParams(), 'binance-us')).toBe(2);
    expect(requestWeight('/api/v3/ping', new URLSearchParams(), 'binance-us')).toBe(1);
  });
});
