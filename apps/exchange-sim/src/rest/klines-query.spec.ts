import { BinanceError } from './binance-error';
import { parseKlinesQuery } from './klines-query';
import type { RawQuery } from './query-reader';

function errorOf(query: RawQuery): { code: number; msg: string } | undefined {
  try {
    parseKlinesQuery(query);
    return undefined;
  } catch (error) {
    if (error instanceof BinanceError) return error.body;
    throw error;
  }
}

describe('parseKlinesQuery', () => {
  it('reads Binance parameters with their defaults', () => {
    expect(parseKlinesQuery({ symbol: 'BTCUSDT', interval: '1h' })).toEqual({
      interval: '1h',
      startTime: undefined,
      endTime: undefined,
      limit: 500,
    });
    expect(
      parseKlinesQuery({
        symbol: 'BTCUSDT',
        interval: '1m',
        startTime: '1700000000000',
        endTime: '1700000600000',
        limit: '1000',
        timeZone: '0',
      }),
    ).toEqual({ interval: '1m', startTime: 1_700_000_000_000, endTime: 1_700_000_600_000, limit: 1000 });
  });

  it('answers with the documented error codes', () => {
    expect(errorOf({ interval: '1m' })).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
    });
    expect(errorOf({ symbol: 'BTCUSDT' })?.code).toBe(-1102);
    expect(errorOf({ symbol: 'btcusdt', interval: '1m' })).toEqual({
      code: -1100,
      msg: "Illegal characters found in parameter 'symbol'; legal range is '^[A-Z0-9-_.]{1,20}$'.",
    });
    expect(errorOf({ symbol: 'ETHUSDT', interval: '1m' })).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect(errorOf({ symbol: 'BTCUSDT', interval: '2m' })).toEqual({ code: -1120, msg: 'Invalid interval.' });
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', startTime: '-5' })?.code).toBe(-1100);
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', endTime: '' })).toEqual({
      code: -1105,
      msg: "Parameter 'endTime' was empty.",
    });
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', limit: '1001' })).toEqual({
      code: -1130,
      msg: "Data sent for parameter 'limit' is not valid.",
    });
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', limit: '0' })?.code).toBe(-1130);
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', timeZone: '8' })?.code).toBe(-1130);
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', limit: ['1', '2'] })?.code).toBe(-1101);
    expect(errorOf({ symbol: 'BTCUSDT', interval: '1m', foo: '1' })).toEqual({
      code: -1104,
      msg: "Not all sent parameters were read; read '2' parameter(s) but was sent '3'.",
    });
  });
});
