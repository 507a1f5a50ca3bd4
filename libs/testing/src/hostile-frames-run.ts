import type { StreamKline, StreamTrade, StreamWireFormat } from '@pds/exchange';
import { inProcessStream } from './in-process-stream';

/** Far above any id the hostile frames carry, so the valid trades never count as repeats. */
const VALID_IDS_FROM = 9_000_000_000_000;

export interface HostileFramesRun {
  readonly trades: readonly StreamTrade[];
  readonly klines: readonly StreamKline[];
}

/**
 * The property runs of CONTRACT section 11, "Untrusted frames", over one exchange's decoder and the
 * stream engine: after three valid trades (the exchange's clock is known), each of `frames` and then a
 * valid trade (`validTrade(id, time)`, in the exchange's format). Throws when that valid trade is not
 * emitted; resolves with everything emitted, for the caller's checks of the rules.
 */
export async function runHostileFrames(
  wireFormat: StreamWireFormat,
  historyStartMs: number,
  frames: readonly string[],
  validTrade: (id: number, time: number) => string,
): Promise<HostileFramesRun> {
  const engine = inProcessStream(wireFormat, { historyStartMs });
  await Promise.resolve(); // the connection opens
  const trades: StreamTrade[] = [];
  const klines: StreamKline[] = [];
  engine.stream.on('trade', (trade) => trades.push(trade));
  engine.stream.on('kline', (push) => klines.push(push));
  let nextId = VALID_IDS_FROM;
  const newest = (): number => Math.max(Date.now(), ...trades.map((trade) => trade.time + 1));
  try {
    for (let i = 0; i < 3; i += 1) engine.deliver(validTrade(nextId++, Date.now()));
    for (const frame of frames) {
      engine.deliver(frame);
      const id = nextId++;
      engine.deliver(validTrade(id, newest()));
      if (trades.at(-1)?.id !== id) throw new Error(`the valid trade ${id} after ${frame} was held back`);
    }
    return { trades, klines };
  } finally {
    await engine.close();
  }
}
