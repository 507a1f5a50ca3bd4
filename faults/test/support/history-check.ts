import { INTERVALS, intervalMs } from '@pds/market';
import type { Sim } from '@pds/testing';
import type { MarketStore } from './market-store';

/**
 * For every interval, the closed klines in Redis are the exchange's over the same span: unique,
 * one interval apart, equal field by field (read again for up to 30 s while repairs finish).
 */
export async function expectExchangeHistory(store: MarketStore, sim: Sim): Promise<void> {
  for (const interval of INTERVALS) {
    const { stored, exchange } = await store.closedOnceSettled(sim, interval, 30_000);
    const openTimes = stored.map((member) => member.score);
    const steps = new Set(openTimes.slice(1).map((time, index) => time - (openTimes[index] ?? 0)));
    expect({ interval, unique: new Set(openTimes).size === openTimes.length }).toEqual({
      interval,
      unique: true,
    });
    expect({ interval, steps: [...steps] }).toEqual({ interval, steps: [intervalMs(interval)] });
    expect({ interval, klines: stored.map((member) => member.kline) }).toEqual({
      interval,
      klines: exchange,
    });
  }
}
