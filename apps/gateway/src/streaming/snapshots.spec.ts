import { resyncDelayMs } from './snapshots';

describe('resyncDelayMs', () => {
  it('should back off from 100 ms to at most 2 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(resyncDelayMs)).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  });
});
