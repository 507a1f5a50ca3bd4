import { liveRefusedSpans, refusedPageMember } from './refused-pages';

describe('refused pages', () => {
  it('should read back the spans whose retry time has not come, and drop the others', () => {
    const flat = [refusedPageMember(200, 1_000), '100', refusedPageMember(400, 3_000), '300'];
    expect(liveRefusedSpans(flat, 2_000)).toEqual([{ from: 300, to: 400 }]);
    expect(liveRefusedSpans(flat, 500)).toEqual([
      { from: 100, to: 200 },
      { from: 300, to: 400 },
    ]);
  });

  it('should skip a member not in its layout', () => {
    expect(liveRefusedSpans(['garbage', '100'], 0)).toEqual([]);
  });
});
