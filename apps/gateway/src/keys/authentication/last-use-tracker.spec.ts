import { LastUseTracker } from './last-use-tracker';

describe('LastUseTracker', () => {
  it('should write a key’s last use at most once per interval', () => {
    const writes: string[] = [];
    const tracker = new LastUseTracker((id, at) => {
      writes.push(`${id}@${at.getTime()}`);
      return Promise.resolve();
    }, 60_000);
    tracker.touch('a', 0);
    tracker.touch('a', 59_999);
    tracker.touch('b', 1);
    tracker.touch('a', 60_000);
    expect(writes).toEqual(['a@0', 'b@1', 'a@60000']);
  });

  it('should swallow a failed write', async () => {
    const tracker = new LastUseTracker(() => Promise.reject(new Error('redis away')));
    expect(() => {
      tracker.touch('a');
    }).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
