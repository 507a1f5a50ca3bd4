import {
  closeTimeOf,
  type Interval,
  INTERVALS,
  type Kline,
  type MarketSymbol,
  openTimeOf,
  toIsoTime,
} from '@pds/market';
import type { RedisKeys, RedisClient } from '@pds/redis';

export const FIXTURE_START = Date.parse('2024-01-01T00:00:00.000Z');
export const MINUTE = 60_000;

/** A closed or open 1m kline of the fixture, with decimals that show any rounding at once. */
export function fixtureKline(index: number, isClosed = true, interval: Interval = '1m'): Kline {
  const openTime = openTimeOf(FIXTURE_START + index * MINUTE, interval);
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, interval)),
    open: `42000.${String(index).padStart(2, '0')}000001`,
    high: `42100.${String(index).padStart(2, '0')}000002`,
    low: `41900.${String(index).padStart(2, '0')}000003`,
    close: `42050.${String(index).padStart(2, '0')}000004`,
    volume: `1.23456789`,
    trades: 100 + index,
    isClosed,
  };
}

export interface MarketFixture {
  readonly closed: Kline[];
  readonly open: Kline;
  readonly price: { price: string; time: string };
}

/**
 * Writes a known market in the layout the ingestor writes: `closedCount` closed 1m klines from
 * FIXTURE_START, the open 1m kline right after them, an open kline of every other interval, and a
 * latest price.
 */
export async function seedMarket(
  redis: RedisClient,
  keys: RedisKeys,
  closedCount = 10,
  symbol: MarketSymbol = 'btcusdt',
): Promise<MarketFixture> {
  const closed = Array.from({ length: closedCount }, (_, index) => fixtureKline(index));
  const open = fixtureKline(closedCount, false);
  const price = { price: '42050.12345678', time: '2024-01-01T00:10:30.123Z' };
  const write = redis.multi();
  for (const kline of closed)
    write.zadd(keys.closedKlines(symbol, '1m'), Date.parse(kline.openTime), JSON.stringify(kline));
  write.set(keys.openKline(symbol, '1m'), JSON.stringify(open));
  for (const interval of INTERVALS.filter((other) => other !== '1m')) {
    write.set(keys.openKline(symbol, interval), JSON.stringify(fixtureKline(closedCount, false, interval)));
  }
  write.set(keys.latestPrice(symbol), JSON.stringify(price));
  write.set(keys.lastEventTime(symbol), String(Date.now()));
  await write.exec();
  return { closed, open, price };
}
