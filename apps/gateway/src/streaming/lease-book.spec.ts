import { type Lease, LeaseBook, renewIntervalMs } from './lease-book';

const lease = (key: string, member: string, limit = 2): Lease => ({ key, member, limit });

describe('renewIntervalMs', () => {
  it('should renew three times per lease lifetime', () => {
    expect(renewIntervalMs(30_000)).toBe(10_000);
    expect(renewIntervalMs(3_000)).toBe(1_000);
  });

  it('should never renew more often than every 100 ms', () => {
    expect(renewIntervalMs(1)).toBe(100);
  });
});

describe('LeaseBook', () => {
  it('should group leases by set for one renewal call per set', () => {
    const book = new LeaseBook();
    book.add(lease('k1:getKlines', 'a'));
    book.add(lease('k1:getKlines', 'b'));
    book.add(lease('k2:getCurrentPrice', 'c'));
    expect(book.size).toBe(3);
    expect(book.groups()).toEqual([
      { key: 'k1:getKlines', limit: 2, members: ['a', 'b'] },
      { key: 'k2:getCurrentPrice', limit: 2, members: ['c'] },
    ]);
  });

  it('should renew a set under the highest limit its leases were granted under', () => {
    const book = new LeaseBook();
    book.add(lease('k', 'a', 2));
    book.add(lease('k', 'b', 5));
    expect(book.groups()[0]?.limit).toBe(5);
  });

  it('should release a lease once and drop empty sets', () => {
    const book = new LeaseBook();
    const held = lease('k', 'a');
    book.add(held);
    expect(book.find('k', 'a')).toBe(held);
    expect(book.remove(held)).toBe(true);
    expect(book.remove(held)).toBe(false);
    expect(book.groups()).toEqual([]);
  });

  it('should hand over every lease on drain', () => {
    const book = new LeaseBook();
    book.add(lease('k', 'a'));
    book.add(lease('j', 'b'));
    expect(book.drain().map((held) => held.member)).toEqual(['a', 'b']);
    expect(book.size).toBe(0);
  });
});
