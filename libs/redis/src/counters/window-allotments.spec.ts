import { DEFAULT_ALLOTMENT_POLICY } from './allotment-policy';
import { WindowAllotments } from './window-allotments';

const {
  allotmentMs: ALLOTMENT_MS,
  roomyAllotmentMs: ROOMY_ALLOTMENT_MS,
  minLimit: ALLOTMENT_MIN_LIMIT,
} = DEFAULT_ALLOTMENT_POLICY;

const LIMIT = 60_000;
const KEY = 'p:rate:{k}:getCurrentPrice';
/** The granting window's end by Redis' clock: its identity in a settlement. */
const WINDOW_END = 1_800_000_000_000;

/** A book whose key was granted `granted` hits on top of a count of `count`, asked at `sentAt`. */
function bookWithAllotment(granted: number, count = 10, sentAt = 1000, msLeft = 30_000): WindowAllotments {
  const allotments = new WindowAllotments();
  expect(allotments.wanted(KEY, LIMIT, 2, sentAt)).toBe(8);
  allotments.answered(KEY, { count, msLeft, granted, sentAt, windowEnd: WINDOW_END });
  return allotments;
}

describe('WindowAllotments', () => {
  it('should ask for no allotment for a key below the allotment threshold, however busy', () => {
    expect(new WindowAllotments().wanted(KEY, ALLOTMENT_MIN_LIMIT - 1, 50, 0)).toBe(0);
  });

  it('should ask for an allotment only for a busy key: two hits in a call, or a hit soon after the last one sent', () => {
    const allotments = new WindowAllotments();
    expect(allotments.wanted(KEY, LIMIT, 1, 0)).toBe(0);
    expect(allotments.wanted(KEY, LIMIT, 1, ALLOTMENT_MS + 1)).toBe(0);
    expect(allotments.wanted(KEY, LIMIT, 1, ALLOTMENT_MS + 50)).toBe(8);
  });

  it('should ask once a key while the call that asked is not answered', () => {
    const allotments = new WindowAllotments();
    expect(allotments.wanted(KEY, LIMIT, 2, 0)).toBe(8);
    expect(allotments.wanted(KEY, LIMIT, 2, 0)).toBe(0);
    allotments.answered(KEY, undefined);
    expect(allotments.wanted(KEY, LIMIT, 2, 0)).toBe(8);
  });

  it('should never ask for more than a 64th of the limit', () => {
    const allotments = bookWithAllotment(128, 130);
    for (let hit = 0; hit < 128; hit += 1) allotments.serve(KEY, 1001);
    allotments.endIfSpent(KEY, 1001);
    expect(allotments.wanted(KEY, 6400, 2, 1002)).toBe(100);
  });

  it('should serve hits from an allotment as the window’s count at each, until it is used up', () => {
    const allotments = bookWithAllotment(3, 12);
    expect([1, 2, 3].map(() => allotments.serve(KEY, 1050)?.hits)).toEqual([10, 11, 12]);
    expect(allotments.serve(KEY, 1050)).toBeUndefined();
    expect(allotments.endIfSpent(KEY, 1050)).toEqual({
      released: 3,
      returned: 0,
      grantedWindowEnd: WINDOW_END,
    });
  });

  it('should stop serving an allotment once its time is over, counted from when it was asked for, and give back the rest', () => {
    const allotments = bookWithAllotment(8);
    expect(allotments.serve(KEY, 1000 + ROOMY_ALLOTMENT_MS - 1)).toMatchObject({
      msLeft: 30_000 - ROOMY_ALLOTMENT_MS + 1,
    });
    expect(allotments.serve(KEY, 1000 + ROOMY_ALLOTMENT_MS)).toBeUndefined();
    expect(allotments.endOverdue(1000 + ROOMY_ALLOTMENT_MS)).toEqual([
      [KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }],
    ]);
    expect(allotments.endIfSpent(KEY, 1000 + ROOMY_ALLOTMENT_MS)).toBeUndefined();
  });

  it('should keep an allotment the roomy time while its window was at most half spent at the grant, the short one past that', () => {
    const roomy = bookWithAllotment(8, LIMIT / 2);
    expect(roomy.endOverdue(1000 + ALLOTMENT_MS)).toEqual([]);
    const near = bookWithAllotment(8, LIMIT / 2 + 1);
    expect(near.serve(KEY, 1000 + ALLOTMENT_MS - 1)).toBeDefined();
    expect(near.serve(KEY, 1000 + ALLOTMENT_MS)).toBeUndefined();
    expect(near.endOverdue(1000 + ALLOTMENT_MS)).toEqual([
      [KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }],
    ]);
  });

  it('should count an allotment that served hits as activity: the key’s next lone hit asks for one again', () => {
    const allotments = bookWithAllotment(8);
    allotments.serve(KEY, 1001);
    allotments.endOverdue(1000 + ROOMY_ALLOTMENT_MS);
    expect(allotments.wanted(KEY, LIMIT, 1, 1000 + ROOMY_ALLOTMENT_MS + ALLOTMENT_MS)).toBe(4);
  });

  it('should end an allotment with its window, giving nothing back to a window that may have ended', () => {
    const allotments = bookWithAllotment(8, 10, 1000, 40);
    expect(allotments.serve(KEY, 1040)).toBeUndefined();
    expect(allotments.endIfSpent(KEY, 1040)).toEqual({
      released: 8,
      returned: 0,
      grantedWindowEnd: WINDOW_END,
    });
  });

  it('should double the next allotment after one used up, and halve it after one mostly unused', () => {
    const allotments = bookWithAllotment(8);
    for (let hit = 0; hit < 8; hit += 1) allotments.serve(KEY, 1001);
    allotments.endIfSpent(KEY, 1001);
    expect(allotments.wanted(KEY, LIMIT, 2, 1002)).toBe(16);
    allotments.answered(KEY, { count: 40, msLeft: 29_000, granted: 16, sentAt: 1002, windowEnd: WINDOW_END });
    allotments.serve(KEY, 1003);
    allotments.endOverdue(1002 + ROOMY_ALLOTMENT_MS);
    expect(allotments.wanted(KEY, LIMIT, 2, 1002 + ROOMY_ALLOTMENT_MS)).toBe(8);
  });

  it('should end every allotment when the replica stops, giving back what is unused', () => {
    const allotments = bookWithAllotment(8);
    allotments.serve(KEY, 1001);
    expect(allotments.endAll(1002)).toEqual([
      [KEY, { released: 8, returned: 7, grantedWindowEnd: WINDOW_END }],
    ]);
    expect(allotments.serve(KEY, 1003)).toBeUndefined();
  });
});
