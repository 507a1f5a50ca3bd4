import { formatOf } from './stream-request';

const kline = (minute: number, isClosed = false): string =>
  JSON.stringify({ openTime: `2026-11-22T01:0${minute}:00.000Z`, close: '1.00000000', isClosed });

describe('formatOf', () => {
  it('should push a price message as it is, one key for all', () => {
    const format = formatOf('price');
    const message = '{"price":"97000.10000000","time":"2026-11-22T01:02:03.456Z"}';
    expect(format.keyOf(message)).toBe(0);
    expect(format.frameOf(message)).toBe(message);
    expect(format.framesOf([message])).toEqual([message]);
  });

  it('should push the open kline as it is, keyed by openTime, one frame each', () => {
    const format = formatOf('current-kline');
    expect(format.keyOf(kline(2))).toBe(Date.parse('2026-11-22T01:02:00.000Z'));
    expect(format.frameOf(kline(2))).toBe(kline(2));
    expect(format.framesOf([kline(1, true), kline(2)])).toEqual([kline(1, true), kline(2)]);
  });

  it('should wrap /klines deltas, and merge a backlog into one frame', () => {
    const format = formatOf('klines');
    expect(JSON.parse(format.frameOf(kline(2)))).toEqual({ klines: [JSON.parse(kline(2))] });
    expect(format.framesOf([kline(1, true), kline(2)])).toEqual([
      `{"klines":[${kline(1, true)},${kline(2)}]}`,
    ]);
  });
});
