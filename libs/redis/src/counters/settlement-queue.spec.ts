import { SettlementQueue } from './settlement-queue';

const KEY = 'p:rate:{k}:getCurrentPrice';
const FIRST_WINDOW_END = 1_800_000_060_000;
const NEXT_WINDOW_END = FIRST_WINDOW_END + 60_000;

describe('SettlementQueue', () => {
  it('should release both allotments of one key and give back the unused hits of both when they share a window', () => {
    const queue = new SettlementQueue();
    queue.add(KEY, { released: 8, returned: 3, grantedWindowEnd: FIRST_WINDOW_END });
    queue.add(KEY, { released: 16, returned: 5, grantedWindowEnd: FIRST_WINDOW_END });
    expect(
      queue
        .take(() => '')
        .get('')
        ?.get(KEY),
    ).toEqual({
      released: 24,
      returned: 8,
      grantedWindowEnd: FIRST_WINDOW_END,
    });
  });

  it('should give back only the later window’s unused hits when two allotments of one key span two windows', () => {
    const queue = new SettlementQueue();
    queue.add(KEY, { released: 8, returned: 3, grantedWindowEnd: NEXT_WINDOW_END });
    queue.add(KEY, { released: 16, returned: 5, grantedWindowEnd: FIRST_WINDOW_END });
    expect(
      queue
        .take(() => '')
        .get('')
        ?.get(KEY),
    ).toEqual({
      released: 24,
      returned: 3,
      grantedWindowEnd: NEXT_WINDOW_END,
    });
    expect(queue.size).toBe(0);
  });
});
