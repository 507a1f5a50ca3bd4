import { ConflationBuffer } from './conflation-buffer';

describe('ConflationBuffer', () => {
  it('should keep only the latest message per key', () => {
    const buffer = new ConflationBuffer();
    buffer.set(0, 'a');
    buffer.set(0, 'b');
    buffer.set(0, 'c');
    expect(buffer.size).toBe(1);
    expect(buffer.take()).toEqual(['c']);
  });

  it('should give messages oldest key first, whatever the order they came in', () => {
    const buffer = new ConflationBuffer();
    buffer.set(120, 'open');
    buffer.set(60, 'closed');
    buffer.set(120, 'open-2');
    expect(buffer.take()).toEqual(['closed', 'open-2']);
  });

  it('should be empty after take and clear', () => {
    const buffer = new ConflationBuffer();
    buffer.set(1, 'x');
    buffer.take();
    expect(buffer.size).toBe(0);
    buffer.set(2, 'y');
    buffer.clear();
    expect(buffer.take()).toEqual([]);
  });

  it('should stay bounded, dropping the oldest keys', () => {
    const buffer = new ConflationBuffer(3);
    for (let key = 0; key < 10_000; key += 1) buffer.set(key, `m${key}`);
    expect(buffer.size).toBe(3);
    expect(buffer.take()).toEqual(['m9997', 'm9998', 'm9999']);
  });
});
