import { isStreamName } from './stream-name';
import { parseStreamRequest } from './stream-path';

describe('stream names and paths', () => {
  it('takes any stream name Binance would take, known to the sim or not', () => {
    for (const name of [
      'btcusdt@trade',
      'btcusdt@kline_4h',
      'BTCUSDT@trade',
      'ethusdt@trade',
      'btcusdt@depth',
      'x',
    ]) {
      expect(isStreamName(name)).toBe(true);
    }
    for (const name of ['', 'btc usdt@trade', 'a/b', 7]) expect(isStreamName(name)).toBe(false);
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
      kind: 'accepted',
      combined: true,
      streams: ['btcusdt@trade', 'btcusdt@depth'],
    });
    expect(parseStreamRequest('/ws/ccxt-any-hash')).toMatchObject({
      kind: 'accepted',
      streams: ['ccxt-any-hash'],
    });
    const streams = Array.from({ length: 1025 }, (_, index) => `s${index}@trade`);
    expect(parseStreamRequest(`/ws/${streams.join('/')}`)).toEqual({ kind: 'refused', status: 400 });
    expect(parseStreamRequest(`/ws/${streams.slice(1).join('/')}`)).toMatchObject({ kind: 'accepted' });
    expect(parseStreamRequest('/other')).toEqual({ kind: 'refused', status: 404 });
  });
});
