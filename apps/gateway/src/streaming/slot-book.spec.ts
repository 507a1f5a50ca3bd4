import { renewIntervalMs, type Slot, SlotBook } from './slot-book';

const slot = (key: string, member: string, limit = 2): Slot => ({ key, member, limit });

describe('renewIntervalMs', () => {
  it('should renew three times per slot lifetime', () => {
    expect(renewIntervalMs(30_000)).toBe(10_000);
    expect(renewIntervalMs(3_000)).toBe(1_000);
  });

  it('should never renew more often than every 100 ms', () => {
    expect(renewIntervalMs(1)).toBe(100);
  });
});

describe('SlotBook', () => {
  it('should group slots by set for one renewal call per set', () => {
    const book = new SlotBook();
    book.add(slot('k1:getKlines', 'a'));
    book.add(slot('k1:getKlines', 'b'));
    book.add(slot('k2:getCurrentPrice', 'c'));
    expect(book.size).toBe(3);
    expect(book.groups()).toEqual([
      { key: 'k1:getKlines', limit: 2, members: ['a', 'b'] },
      { key: 'k2:getCurrentPrice', limit: 2, members: ['c'] },
    ]);
  });

  it('should renew a set under the highest limit its slots were granted under', () => {
    const book = new SlotBook();
    book.add(slot('k', 'a', 2));
    book.add(slot('k', 'b', 5));
    expect(book.groups()[0]?.limit).toBe(5);
  });

  it('should release a slot once and drop empty sets', () => {
    const book = new SlotBook();
    const held = slot('k', 'a');
    book.add(held);
    expect(book.find('k', 'a')).toBe(held);
    expect(book.remove(held)).toBe(true);
    expect(book.remove(held)).toBe(false);
    expect(book.groups()).toEqual([]);
  });

  it('should hand over every slot on drain', () => {
    const book = new SlotBook();
    book.add(slot('k', 'a'));
    book.add(slot('j', 'b'));
    expect(book.drain().map((held) => held.member)).toEqual(['a', 'b']);
    expect(book.size).toBe(0);
  });
});
