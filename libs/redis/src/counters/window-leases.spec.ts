import { DEFAULT_LEASE_POLICY } from './lease-policy';
import { WindowLeases } from './window-leases';

const { leaseMs: LEASE_MS, roomyLeaseMs: ROOMY_LEASE_MS, minLimit: LEASE_MIN_LIMIT } = DEFAULT_LEASE_POLICY;

const LIMIT = 60_000;
const KEY = 'p:rate:{k}:getCurrentPrice';
/** The granting window's end by Redis' clock: its identity in a settlement. */
const WINDOW_END = 1_800_000_000_000;

/** A book whose key was granted `granted` hits on top of a count of `count`, asked at `sentAt`. */
function bookWithLease(granted: number, count = 10, sentAt = 1000, msLeft = 30_000): WindowLeases {
  const leases = new WindowLeases();
  expect(leases.wanted(KEY, LIMIT, 2, sentAt)).toBe(8);
  leases.answered(KEY, { count, msLeft, granted, sentAt, windowEnd: WINDOW_END });
  return leases;
}

describe('WindowLeases', () => {
  it('should ask for no lease for a key below the leasing threshold, however busy', () => {
    expect(new WindowLeases().wanted(KEY, LEASE_MIN_LIMIT - 1, 50, 0)).toBe(0);
  });

  it('should ask for a lease only for a busy key: two hits in a call, or a hit soon after the last one sent', () => {
    const leases = new WindowLeases();
    expect(leases.wanted(KEY, LIMIT, 1, 0)).toBe(0);
    expect(leases.wanted(KEY, LIMIT, 1, LEASE_MS + 1)).toBe(0);
    expect(leases.wanted(KEY, LIMIT, 1, LEASE_MS + 50)).toBe(8);
  });

  it('should ask once a key while the call that asked is not answered', () => {
    const leases = new WindowLeases();
    expect(leases.wanted(KEY, LIMIT, 2, 0)).toBe(8);
    expect(leases.wanted(KEY, LIMIT, 2, 0)).toBe(0);
    leases.answered(KEY, undefined);
    expect(leases.wanted(KEY, LIMIT, 2, 0)).toBe(8);
  });

  it('should never ask for more than a 64th of the limit', () => {
    const leases = bookWithLease(128, 130);
    for (let hit = 0; hit < 128; hit += 1) leases.serve(KEY, 1001);
    leases.endIfSpent(KEY, 1001);
    expect(leases.wanted(KEY, 6400, 2, 1002)).toBe(100);
  });

  it('should serve hits from a lease as the window’s count at each, until it is used up', () => {
    const leases = bookWithLease(3, 12);
    expect([1, 2, 3].map(() => leases.serve(KEY, 1050)?.hits)).toEqual([10, 11, 12]);
    expect(leases.serve(KEY, 1050)).toBeUndefined();
    expect(leases.endIfSpent(KEY, 1050)).toEqual({ released: 3, returned: 0, grantedWindowEnd: WINDOW_END });
  });

  it('should stop serving a lease once its time is over, counted from when it was asked for, and give back the rest', () => {
    const leases = bookWithLease(8);
    expect(leases.serve(KEY, 1000 + ROOMY_LEASE_MS - 1)).toMatchObject({
      msLeft: 30_000 - ROOMY_LEASE_MS + 1,
    });
    expect(leases.serve(KEY, 1000 + ROOMY_LEASE_MS)).toBeUndefined();
    expect(leases.endOverdue(1000 + ROOMY_LEASE_MS)).toEqual([
      [KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }],
    ]);
    expect(leases.endIfSpent(KEY, 1000 + ROOMY_LEASE_MS)).toBeUndefined();
  });

  it('should keep a lease the roomy time while its window was at most half spent at the grant, the short one past that', () => {
    const roomy = bookWithLease(8, LIMIT / 2);
    expect(roomy.endOverdue(1000 + LEASE_MS)).toEqual([]);
    const near = bookWithLease(8, LIMIT / 2 + 1);
    expect(near.serve(KEY, 1000 + LEASE_MS - 1)).toBeDefined();
    expect(near.serve(KEY, 1000 + LEASE_MS)).toBeUndefined();
    expect(near.endOverdue(1000 + LEASE_MS)).toEqual([
      [KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }],
    ]);
  });

  it('should count a lease that served hits as activity: the key’s next lone hit asks for a lease again', () => {
    const leases = bookWithLease(8);
    leases.serve(KEY, 1001);
    leases.endOverdue(1000 + ROOMY_LEASE_MS);
    expect(leases.wanted(KEY, LIMIT, 1, 1000 + ROOMY_LEASE_MS + LEASE_MS)).toBe(4);
  });

  it('should end a lease with its window, giving nothing back to a window that may have ended', () => {
    const leases = bookWithLease(8, 10, 1000, 40);
    expect(leases.serve(KEY, 1040)).toBeUndefined();
    expect(leases.endIfSpent(KEY, 1040)).toEqual({ released: 8, returned: 0, grantedWindowEnd: WINDOW_END });
  });

  it('should double the next lease after one used up, and halve it after one mostly unused', () => {
    const leases = bookWithLease(8);
    for (let hit = 0; hit < 8; hit += 1) leases.serve(KEY, 1001);
    leases.endIfSpent(KEY, 1001);
    expect(leases.wanted(KEY, LIMIT, 2, 1002)).toBe(16);
    leases.answered(KEY, { count: 40, msLeft: 29_000, granted: 16, sentAt: 1002, windowEnd: WINDOW_END });
    leases.serve(KEY, 1003);
    leases.endOverdue(1002 + ROOMY_LEASE_MS);
    expect(leases.wanted(KEY, LIMIT, 2, 1002 + ROOMY_LEASE_MS)).toBe(8);
  });

  it('should end every lease when the replica stops, giving back what is unused', () => {
    const leases = bookWithLease(8);
    leases.serve(KEY, 1001);
    expect(leases.endAll(1002)).toEqual([[KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }]]);
    expect(leases.serve(KEY, 1003)).toBeUndefined();
  });
});
