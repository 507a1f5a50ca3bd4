import { selectKlines, type StoredKline } from './klines-selection';

const kline = (openTime: number): StoredKline => ({ openTime, json: `k${openTime}` });
const closed = [kline(1), kline(2), kline(3)];

describe('selectKlines', () => {
  it('should end with the open kline when no bound is given', () => {
    expect(selectKlines(closed, kline(4), { limit: 3 })).toEqual(['k2', 'k3', 'k4']);
  });

  it('should keep the first klines when only from is given', () => {
    expect(selectKlines(closed, kline(4), { limit: 2, from: 2 })).toEqual(['k1', 'k2']);
  });

  it('should leave out the open kline when it is after to', () => {
    expect(selectKlines(closed, kline(4), { limit: 10, to: 3 })).toEqual(['k1', 'k2', 'k3']);
  });

  it('should include the open kline when it is on the inclusive upper bound', () => {
    expect(selectKlines(closed, kline(4), { limit: 10, from: 1, to: 4 })).toEqual(['k1', 'k2', 'k3', 'k4']);
  });

  it('should not repeat an open kline that already closed', () => {
    expect(selectKlines(closed, kline(3), { limit: 10 })).toEqual(['k1', 'k2', 'k3']);
  });
});
