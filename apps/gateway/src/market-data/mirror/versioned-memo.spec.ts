import { VersionedMemo } from './versioned-memo';

describe('VersionedMemo', () => {
  it('should compute once per key while the version stays, and again after it changes', () => {
    const memo = new VersionedMemo<number>();
    let computed = 0;
    const compute = () => (computed += 1);
    expect(memo.get(1, 'a', compute)).toBe(1);
    expect(memo.get(1, 'a', compute)).toBe(1);
    expect(memo.get(1, 'b', compute)).toBe(2);
    expect(memo.get(2, 'a', compute)).toBe(3);
  });

  it('should remember an undefined result too, and start again past its bound', () => {
    const memo = new VersionedMemo<number | undefined>(2);
    let computed = 0;
    const compute = () => {
      computed += 1;
      return undefined;
    };
    memo.get(1, 'a', compute);
    memo.get(1, 'a', compute);
    expect(computed).toBe(1);
    memo.get(1, 'b', compute);
    memo.get(1, 'c', compute);
    memo.get(1, 'a', compute);
    expect(computed).toBe(4);
  });
});
