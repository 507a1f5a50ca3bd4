import { type FrameRefusal, FrameRefusals } from './frame-refusals';

describe('FrameRefusals', () => {
  it('counts every refusal and reports each reason at most once a minute, with the count since', () => {
    let now = 0;
    const reports: FrameRefusal[] = [];
    const refusals = new FrameRefusals(
      (refusal) => reports.push(refusal),
      () => now,
    );
    refusals.refuse('not-positive', 'price 0');
    refusals.refuse('not-positive', 'price -1');
    refusals.refuse('ohlc', 'high below low');
    now = 59_999;
    refusals.refuse('not-positive', 'price 0');
    now = 60_000;
    refusals.refuse('not-positive', 'price 0.0');
    expect(reports).toEqual([
      { reason: 'not-positive', detail: 'price 0', count: 1 },
      { reason: 'ohlc', detail: 'high below low', count: 1 },
      { reason: 'not-positive', detail: 'price 0.0', count: 3 },
    ]);
    expect(refusals.counts()).toMatchObject({ 'not-positive': 4, ohlc: 1, malformed: 0 });
  });
});
