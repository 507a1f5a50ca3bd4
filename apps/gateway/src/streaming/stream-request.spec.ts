import { ApiException } from '../errors/api-exception';
import { IndexPriceController } from '../index-price';
import { PricesController } from '../market-data/prices/prices.controller';
import { operationRoute } from '../operations/operation-route';
import { parseStreamRequest, snapshotKeyOf, STREAM_ROUTES } from './stream-request';

function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof ApiException ? error.body : error;
  }
  throw new Error('expected a validation error');
}

describe('parseStreamRequest', () => {
  it('should default the symbol and build the klines window as HTTP does', () => {
    expect(parseStreamRequest('price', {})).toEqual({ kind: 'price', symbol: 'btcusdt' });
    expect(parseStreamRequest('current-kline', { interval: '5m' })).toEqual({
      kind: 'current-kline',
      symbol: 'btcusdt',
      interval: '5m',
    });
    expect(
      parseStreamRequest('klines', { interval: '1m', from: '2026-01-01T00:00:00Z', apiKey: 'ignored' }),
    ).toEqual({
      kind: 'klines',
      symbol: 'btcusdt',
      interval: '1m',
      window: { limit: 500, from: Date.parse('2026-01-01T00:00:00Z') },
    });
  });

  it('should fail with the contract messages', () => {
    expect(failure(() => parseStreamRequest('current-kline', { interval: '2m' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'interval must be one of the following values: 1m, 5m, 15m, 30m, 1h, 4h, 6h, 12h, 1d',
    });
    expect(failure(() => parseStreamRequest('klines', { interval: '1m', limit: ['5', '6'] }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'limit must be given once',
    });
    expect(failure(() => parseStreamRequest('price', { symbol: 'ethusdt' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'symbol must be one of the following values: btcusdt',
    });
  });

  it('should give equal requests equal snapshot keys', () => {
    const a = parseStreamRequest('klines', { interval: '1m', limit: '5' });
    const b = parseStreamRequest('klines', { interval: '1m', limit: '5', apiKey: 'other' });
    const c = parseStreamRequest('klines', { interval: '1m', limit: '6' });
    expect(snapshotKeyOf(a)).toBe(snapshotKeyOf(b));
    expect(snapshotKeyOf(a)).not.toBe(snapshotKeyOf(c));
  });
});

describe('STREAM_ROUTES', () => {
  it('should take each stream’s path from its HTTP operation’s route', () => {
    expect(Object.values(STREAM_ROUTES).map(({ path, operation }) => [operation, path])).toEqual([
      ['getCurrentPrice', '/api/v1/prices/current'],
      ['getKlines', '/api/v1/prices/klines'],
      ['getCurrentKline', '/api/v1/prices/klines/current'],
      ['getIndex', '/api/v1/index/current'],
      ['getIndexKlines', '/api/v1/index/klines'],
    ]);
    for (const route of Object.values(STREAM_ROUTES)) {
      const controller = route.kind.startsWith('index') ? IndexPriceController : PricesController;
      expect(route.path).toBe(operationRoute(controller, route.operation).path);
    }
  });
});
