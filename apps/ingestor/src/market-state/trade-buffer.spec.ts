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

  it('forgets trades older than its age limit', () => {
    const buffer = new TradeBuffer(100_000, 1000);
    for (let id = 1; id <= 5000; id += 1) buffer.add({ id, price: '1', quantity: '1', time: id });
    const kept = buffer.recent();
    expect(kept[0]?.id).toBe(4000);
    expect(kept[kept.length - 1]?.id).toBe(5000);
  });

  it('holds its capacity of the newest after a burst many times its capacity', () => {
    const buffer = new TradeBuffer(20_000, 120_000);
    for (let id = 1; id <= 50_000; id += 1) buffer.add({ id, price: '1', quantity: '1', time: 7 });
    const kept = buffer.recent();
    expect(kept).toHaveLength(20_000);
    expect([kept[0]?.id, kept.at(-1)?.id]).toEqual([30_001, 50_000]);
  });
});
