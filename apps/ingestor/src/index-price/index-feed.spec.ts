import type { AppLogger } from '@pds/observability';
import type { IngestorEnvironment } from '../ingestor.environment';
import type { LeaseService } from '../leadership/lease.service';
import type { MarketSources } from '../sources/market-sources';
import { IndexFeed } from './index-feed';
import type { IndexWrite, IndexWriter } from './index-writer';

const MINUTE = Date.parse('2026-11-29T01:00:00.000Z');

function source(name: string, price: string) {
  return {
    name,
    tradedVolume: '0',
    state: { price: { price, time: new Date(MINUTE + 45_000).toISOString() } },
    health: { isLive: () => true },
  };
}

/** The leader's writes, with a writer that fails the write of chosen seconds once. */
function leaderFeed(failing: Set<number>) {
  const writes: IndexWrite[] = [];
  const writer = {
    stored: () => Promise.resolve({ lastSecond: undefined, open: [] }),
    write: (_symbol: string, _owner: string, write: IndexWrite) => {
      if (failing.delete(write.second)) return Promise.reject(new Error('Redis away'));
      writes.push(write);
      return Promise.resolve(true);
    },
  };
  const sources = { all: [source('binance', '100.00'), source('kraken', '100.20')] };
  const lease = { isLeader: true, ownerId: 'a', onRoleChange: () => undefined, stepDown: () => undefined };
  const logger = { warn: () => undefined, info: () => undefined, error: () => undefined };
  const feed = new IndexFeed(
    sources as unknown as MarketSources,
    lease as unknown as LeaseService,
    writer as unknown as IndexWriter,
    { SYMBOL: 'btcusdt' } as IngestorEnvironment,
    logger as unknown as AppLogger,
  );
  return { feed, writes };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('IndexFeed (leader)', () => {
  it('writes every second once, and a closed kline whose write failed with the next write', async () => {
    const { feed, writes } = leaderFeed(new Set([MINUTE + 60_000]));
    feed.onApplicationBootstrap();
    await feed.beforeApplicationShutdown(); // no timer: the spec drives the seconds
    feed.computeDue(MINUTE + 58_000);
    feed.computeDue(MINUTE + 60_000);
    await settled();
    feed.computeDue(MINUTE + 61_000);
    await settled();
    expect(writes.map((write) => write.second - MINUTE)).toEqual([58_000, 59_000, 61_000]);
    const closed = writes.at(-1)?.klines.filter((write) => write.kind === 'closed');
    expect(closed?.map(({ interval, kline }) => [interval, kline.openTime, kline.trades])).toEqual([
      ['1m', new Date(MINUTE).toISOString(), 2],
    ]);
    expect(JSON.parse(writes[0]?.record ?? '{}')).toMatchObject({ price: '100.10', confidence: '0.10' });
  });
});
