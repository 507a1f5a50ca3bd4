import { inProcessStream } from '@pds/testing';
import { MAX_CLOCK_LEAD_MS } from '../stream/frame-checks';
import { binanceWireFormat } from './binance-wire-format';

const NOW = Date.UTC(2026, 10, 28, 20, 30, 30);

function trade(id: number, time: number): string {
  const data = { e: 'trade', E: time, s: 'BTCUSDT', t: id, p: '97000.10', q: '0.5', T: time, m: false };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

describe('an exchange whose frames run beyond the service’s clock', () => {
  it('should count every such frame refused and take none as a sign of life, so the exchange goes dark', async () => {
    const { stream, deliver, close } = inProcessStream(binanceWireFormat, { now: () => NOW });
    await Promise.resolve();
    let alive = 0;
    stream.on('alive', () => {
      alive += 1;
    });
    try {
      for (let id = 1; id <= 20; id += 1) deliver(trade(id, NOW + MAX_CLOCK_LEAD_MS + id * 1000));
      expect(alive).toBe(0);
      expect(stream.refusals()['time-ahead']).toBe(20);
      deliver(trade(21, NOW));
      expect(alive).toBe(1);
    } finally {
      await close();
    }
  });
});
