import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Interval, INTERVALS, isInterval, MARKET_SYMBOLS, type MarketSymbol } from '@pds/market';
import { RedisKeys, type SourcedRecord } from '@pds/redis';
import { ChangeSubscriber, type Unsubscribe } from '../../changes/change-subscriber';
import { MirrorSeeder } from './mirror-seeder';
import { MirrorSync } from './mirror-sync';
import { type KlinesSnapshot, MirroredKlines } from './mirrored-klines';
import { MirroredPrice } from './mirrored-price';

/** A failed snapshot read is tried again after this long (Redis away or slow). */
const SEED_RETRY_MS = 1000;
/** A seed whose fence has not come back by then is started again. */
const SEED_DEADLINE_MS = 5000;
/**
 * A series not exact for longer than this counts as behind Redis for readiness: a seed takes
 * milliseconds, and one that failed is retried within SEED_DEADLINE_MS.
 */
const BEHIND_AFTER_MS = 2 * SEED_DEADLINE_MS;

/**
 * The gateway's in-memory mirror of the newest market data (ARCHITECTURE, gateway): the latest
 * price, and per interval the open kline and the newest closed klines. Fed by the change channels
 * through the process's one subscriber, seeded from Redis at start and after every reconnect (and
 * for an interval whose history the cache workers rewrote). It answers only while it is exact;
 * otherwise the reader falls back to Redis.
 */
@Injectable()
export class MarketMirror implements OnModuleInit, OnApplicationShutdown {
  private readonly fenceChannel: string;
  private readonly prices = new Map<MarketSymbol, { data: MirroredPrice; sync: MirrorSync<string | null> }>();
  private readonly klineSeries = new Map<
    string,
    { data: MirroredKlines; sync: MirrorSync<KlinesSnapshot> }
  >();
  private readonly indexes = new Map<
    MarketSymbol,
    { data: MirroredPrice; sync: MirrorSync<string | null> }
  >();
  private readonly indexKlineSeries = new Map<
    string,
    { data: MirroredKlines; sync: MirrorSync<KlinesSnapshot> }
  >();
  private readonly syncs: MirrorSync<unknown>[] = [];
  private readonly subscriptions: Unsubscribe[] = [];
  private stopped = false;

  constructor(
    private readonly seeder: MirrorSeeder,
    private readonly keys: RedisKeys,
    private readonly changes: ChangeSubscriber,
  ) {
    this.fenceChannel = seeder.fenceChannel;
  }

  /** The latest price JSON and its exchange, when the mirror holds it and is exact. */
  latestPrice(symbol: MarketSymbol): SourcedRecord | undefined {
    const series = this.prices.get(symbol);
    return series?.sync.isLive ? series.data.record : undefined;
  }

  /** The interval's mirrored klines, while they are exact. */
  klines(symbol: MarketSymbol, interval: Interval): MirroredKlines | undefined {
    const series = this.klineSeries.get(seriesId(symbol, interval));
    return series?.sync.isLive ? series.data : undefined;
  }

  /** The index's newest record (docs/index.md), when the mirror holds it and is exact. */
  indexRecord(symbol: MarketSymbol): SourcedRecord | undefined {
    const series = this.indexes.get(symbol);
    return series?.sync.isLive ? series.data.record : undefined;
  }

  /** The index's mirrored klines of one interval, while they are exact. */
  indexKlines(symbol: MarketSymbol, interval: Interval): MirroredKlines | undefined {
    const series = this.indexKlineSeries.get(seriesId(symbol, interval));
    return series?.sync.isLive ? series.data : undefined;
  }

  /**
   * Why this copy is behind what Redis holds (readiness, CONTRACT section 8): not seeded yet, or a
   * series not exact for longer than a seed and its retry take; undefined while it keeps up.
   */
  behindReason(now = Date.now()): string | undefined {
    const behindMs = Math.max(...this.syncs.map((sync) => sync.behindForMs(now)));
    if (behindMs === Number.POSITIVE_INFINITY) return 'not seeded from Redis yet';
    if (behindMs > BEHIND_AFTER_MS) return `not following Redis for ${Math.round(behindMs / 1000)} s`;
    return undefined;
  }

  onModuleInit(): void {
    for (const symbol of MARKET_SYMBOLS) this.mirrorSymbol(symbol);
    this.subscriptions.push(
      this.changes.subscribe(this.fenceChannel, (token) => {
        this.syncs.find((sync) => sync.owns(token))?.fence(token);
      }),
      this.changes.onDisconnected(() => {
        for (const sync of this.syncs) sync.markStale();
      }),
      this.changes.onResubscribed(() => {
        void this.resyncAll();
      }),
    );
    void this.resyncAll();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const unsubscribe of this.subscriptions) unsubscribe();
  }

  private mirrorSymbol(symbol: MarketSymbol): void {
    const price = new MirroredPrice();
    const priceSync: MirrorSync<string | null> = new MirrorSync(`${symbol}:price`, {
      apply: (message) => {
        price.apply(message);
      },
      install: (snapshot) => {
        price.install(snapshot);
      },
      seed: (token) => {
        this.track(priceSync, token, this.seeder.price(symbol, token));
      },
    });
    this.prices.set(symbol, { data: price, sync: priceSync });
    this.follow(this.keys.priceChannel(symbol), priceSync);
    for (const interval of INTERVALS) this.mirrorInterval(symbol, interval);
    this.mirrorIndex(symbol);
    this.subscriptions.push(
      this.changes.subscribe(this.keys.historyChannel(symbol), (interval) => {
        if (isInterval(interval)) this.klineSeries.get(seriesId(symbol, interval))?.sync.invalidated();
      }),
    );
  }

  private mirrorInterval(symbol: MarketSymbol, interval: Interval): void {
    const klines = new MirroredKlines();
    const sync: MirrorSync<KlinesSnapshot> = new MirrorSync(seriesId(symbol, interval), {
      apply: (message) => {
        klines.apply(message);
      },
      install: (snapshot) => {
        klines.install(snapshot);
      },
      seed: (token) => {
        this.track(sync, token, this.seeder.klines(symbol, interval, token));
      },
    });
    this.klineSeries.set(seriesId(symbol, interval), { data: klines, sync });
    this.follow(this.keys.klineChannel(symbol, interval), sync);
  }

  /** The index's record and klines: the same mirror as the prices', on the index's keys (no history). */
  private mirrorIndex(symbol: MarketSymbol): void {
    const record = new MirroredPrice();
    const recordSync: MirrorSync<string | null> = new MirrorSync(`${symbol}:index`, {
      apply: (message) => {
        record.apply(message);
      },
      install: (snapshot) => {
        record.install(snapshot);
      },
      seed: (token) => {
        this.track(recordSync, token, this.seeder.index(symbol, token));
      },
    });
    this.indexes.set(symbol, { data: record, sync: recordSync });
    this.follow(this.keys.indexChannel(symbol), recordSync);
    for (const interval of INTERVALS) {
      const klines = new MirroredKlines();
      const sync: MirrorSync<KlinesSnapshot> = new MirrorSync(`${symbol}:index:${interval}`, {
        apply: (message) => {
          klines.apply(message);
        },
        install: (snapshot) => {
          klines.install(snapshot);
        },
        seed: (token) => {
          this.track(sync, token, this.seeder.indexKlines(symbol, interval, token));
        },
      });
      this.indexKlineSeries.set(seriesId(symbol, interval), { data: klines, sync });
      this.follow(this.keys.indexKlineChannel(symbol, interval), sync);
    }
  }

  private follow(channel: string, sync: MirrorSync<unknown>): void {
    this.syncs.push(sync);
    this.subscriptions.push(
      this.changes.subscribe(channel, (message) => {
        sync.message(message);
      }),
    );
  }

  /** Hands the snapshot to its sync; starts again after a failure or when the fence never comes. */
  private track<Snapshot>(sync: MirrorSync<Snapshot>, token: string, read: Promise<Snapshot>): void {
    const again = (delayMs: number): void => {
      setTimeout(() => {
        if (!this.stopped && sync.pendingToken === token) sync.resync();
      }, delayMs).unref();
    };
    again(SEED_DEADLINE_MS);
    read.then(
      (snapshot) => {
        sync.seeded(token, snapshot);
      },
      () => {
        again(SEED_RETRY_MS);
      },
    );
  }

  /** Seeds every series once the subscriber has every channel (messages after the fence count). */
  private async resyncAll(): Promise<void> {
    try {
      await this.changes.confirmSubscribed(this.fenceChannel);
    } catch {
      return; // The subscriber is closing; a reconnect calls this again.
    }
    if (this.stopped) return;
    for (const sync of this.syncs) sync.resync();
  }
}

function seriesId(symbol: MarketSymbol, interval: Interval): string {
  return `${symbol}:${interval}`;
}
