import { TradeBuffer } from './trade-buffer';

describe('TradeBuffer', () => {
  it('keeps trades oldest first', () => {
    const buffer = new TradeBuffer();
    buffer.add({ id: 1, price: '1', quantity: '1', time: 10 });
    buffer.add({ id: 2, price: '1', quantity: '1', time: 20 });
    expect(buffer.recent().map((trade) => trade.id)).toEqual([1, 2]);
  });

  it('never holds more than its capacity', () => {
    const buffer = new TradeBuffer(100, 1_000_000);
    for (let id = 1; id <= 1000; id += 1) buffer.add({ id, price: '1', quantity: '1', time: id });
    expect(buffer.recent()).toHaveLength(100);
    expect(buffer.recent()[0]?.id).toBe(901);
  });

  it('forgets trades older than its age limit, in batches', () => {
    const buffer = new TradeBuffer(100_000, 1000);
    for (let id = 1; id <= 5000; id += 1) buffer.add({ id, price: '1', quantity: '1', time: id });
    const kept = buffer.recent();
    expect(kept[kept.length - 1]?.id).toBe(5000);
    expect(kept.length).toBeLessThan(1000 + 1024 + 1);
    expect(kept.every((trade) => trade.time >= 5000 - 1000 - 1024)).toBe(true);
  });
});
