import { keysOfConnection } from './load';

describe('the keys each load connection sends', () => {
  const pool = Array.from({ length: 100 }, (_, index) => `key-${index}`);

  it('should give each of 50 connections two keys of its own, every key of the pool to one connection', () => {
    const shares = Array.from({ length: 50 }, (_, index) => keysOfConnection(pool, index, 50));
    expect(shares.every((keys) => keys.length === 2)).toBe(true);
    expect(shares.flat().sort()).toEqual([...pool].sort());
  });

  it('should let connections share keys only when the pool is smaller than the connections', () => {
    const small = ['a', 'b', 'c'];
    expect(Array.from({ length: 5 }, (_, index) => keysOfConnection(small, index, 5))).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['a'],
      ['b'],
    ]);
  });
});
