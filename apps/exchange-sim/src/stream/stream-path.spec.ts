import { parseStreamName } from './stream-name';
import { parseStreamRequest } from './stream-path';

describe('stream names and paths', () => {
  it('knows the trade, aggTrade and nine kline streams of btcusdt only', () => {
    expect(parseStreamName('btcusdt@trade')).toEqual({ kind: 'trade' });
    expect(parseStreamName('btcusdt@aggTrade')).toEqual({ kind: 'aggTrade' });
    expect(parseStreamName('btcusdt@kline_4h')).toEqual({ kind: 'kline', interval: '4h' });
    for (const name of [
      'BTCUSDT@trade',
      'ethusdt@trade',
      'btcusdt@kline_1w',
      'btcusdt@depth',
      'btcusdt@aggtrade',
      '',
    ]) {
      expect(parseStreamName(name)).toBeUndefined();
    }
  });

  it('accepts raw and combined URLs as Binance does', () => {
    expect(parseStreamRequest('/ws/btcusdt@trade')).toEqual({
      kind: 'accepted',
      combined: false,
      streams: ['btcusdt@trade'],
    });
    expect(parseStreamRequest('/ws')).toEqual({ kind: 'accepted', combined: false, streams: [] });
    expect(parseStreamRequest('/stream?streams=btcusdt@trade/btcusdt@kline_1m')).toEqual({
      kind: 'accepted',
      combined: true,
      streams: ['btcusdt@trade', 'btcusdt@kline_1m'],
    });
    expect(parseStreamRequest('/stream?streams=btcusdt@trade/btcusdt@depth')).toEqual({
      kind: 'refused',
      status: 400,
    });
    expect(parseStreamRequest('/other')).toEqual({ kind: 'refused', status: 404 });
  });
});
