import { inProcessStream } from '@pds/testing';
import { binanceWireFormat } from './binance-wire-format';
import type { StreamTrade } from '../live-stream';
import { nextEvent } from '../testing/next-event';

function trade(id: number, price: string, time: number): string {
  const data = { e: 'trade', E: time, s: 'BTCUSDT', t: id, p: price, q: '1', T: time, m: false };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

describe('ExchangeLiveStream at the boundary (CONTRACT section 11)', () => {
  it('treats a message over 1 MiB as a failed connection: refused, counted, replaced', async () => {
    const { stream, deliver, close } = inProcessStream(binanceWireFormat);
    await Promise.resolve();
    try {
      const disconnected = nextEvent(stream, 'disconnected');
      deliver(`{"stream":"btcusdt@trade","data":"${'x'.repeat(1_048_576)}"}`);
      expect((await disconnected).reason).toBe('oversize');
      expect(stream.refusals().oversize).toBe(1);
    } finally {
      await close();
    }
  });

  it('counts and reports a refused value, and keeps delivering the valid ones', async () => {
    const { stream, deliver, close } = inProcessStream(binanceWireFormat);
    await Promise.resolve();
    const trades: StreamTrade[] = [];
    stream.on('trade', (each) => trades.push(each));
    try {
      const now = Date.now();
      const refused = nextEvent(stream, 'refused');
      deliver(trade(1, '97000.10', now));
      deliver(trade(2, '0', now));
      deliver(trade(3, '97000.20', Date.parse('2200-01-01T00:00:00Z')));
      deliver(trade(4, '97000.30', 9e15));
      deliver(trade(5, '97000.40', now + 1));
      expect(trades.map((each) => each.id)).toEqual([1, 5]);
      expect((await refused).reason).toBe('not-positive');
      expect(stream.refusals()).toMatchObject({ 'not-positive': 1, 'time-ahead': 1, malformed: 1 });
    } finally {
      await close();
    }
  });

  it('keeps a listener that throws from ending the process: the frame is counted malformed', async () => {
    const { stream, deliver, close } = inProcessStream(binanceWireFormat);
    await Promise.resolve();
    stream.on('trade', () => {
      throw new RangeError('Invalid time value');
    });
    try {
      expect(() => {
        deliver(trade(1, '97000.10', Date.now()));
      }).not.toThrow();
      expect(stream.refusals().malformed).toBe(1);
    } finally {
      await close();
    }
  });
});
