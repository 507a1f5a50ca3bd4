import { Injectable } from '@nestjs/common';
import { openTimeOf, openTimeOfKlineJson } from '@pds/market';
import type { RequestDeadline } from '../deadline/request-deadline';
import { IndexPriceService } from '../index-price';
import { MarketDataService } from '../market-data/prices/market-data.service';
import { snapshotKeyOf, type StreamRequest } from './stream-request';
import type { StreamSocket } from './stream-socket';

/** A stream's first frame: the HTTP 200 body of the same operation and query. */
@Injectable()
export class SnapshotReader {
  constructor(
    private readonly marketData: MarketDataService,
    private readonly index: IndexPriceService,
  ) {}

  /** With the admission's deadline, whose clock read-through's wait on the exchange stops. */
  async read(request: StreamRequest, deadline?: RequestDeadline): Promise<string> {
    switch (request.kind) {
      case 'price':
        return (await this.marketData.currentPrice(request.symbol)).json;
      case 'current-kline':
        return (await this.marketData.currentKline(request.symbol, request.interval)).json;
      case 'klines': {
        const { symbol, interval, window } = request;
        const klines = await this.marketData.klines(symbol, interval, window, deadline);
        return `{"klines":[${klines.join(',')}]}`;
      }
      case 'index':
        return this.index.record(request.symbol);
      case 'index-klines': {
        const klines = await this.index.klines(request.symbol, request.interval, request.window);
        return `{"klines":[${klines.join(',')}]}`;
      }
    }
  }

  /**
   * A `/klines` range whose end lies before the current open kline: nothing in it changes any more,
   * so it gets its snapshot and a normal close. Market time is the stored open kline's (the exchange
   * clock); without one, this process's clock.
   */
  async endsInPast(request: StreamRequest): Promise<boolean> {
    if (request.kind === 'index-klines' && request.window.to !== undefined) {
      return request.window.to < openTimeOf(Date.now(), request.interval);
    }
    if (request.kind !== 'klines' || request.window.to === undefined) return false;
    const current = await Promise.resolve(
      this.marketData.currentKline(request.symbol, request.interval),
    ).then(
      ({ json }) => openTimeOfKlineJson(json),
      () => openTimeOf(Date.now(), request.interval),
    );
    return request.window.to < current;
  }
}

interface Waiting {
  readonly connection: StreamSocket;
  readonly generation: number;
}

interface SyncGroup {
  readonly request: StreamRequest;
  readonly waiting: readonly Waiting[];
}

/** First try shortly after Redis is back (its request connection may still be reconnecting). */
export function resyncDelayMs(attempt: number): number {
  return Math.min(2000, 100 * 2 ** attempt);
}

/**
 * After Redis comes back, messages published meanwhile are lost: every open stream gets a fresh
 * snapshot before its next update. Sockets with the same request share one read and one frame; a
 * read that fails (Redis still away, data not rewritten yet) is retried until it succeeds or the
 * socket closes.
 */
@Injectable()
export class SnapshotSync {
  constructor(private readonly snapshots: SnapshotReader) {}

  resync(connections: Iterable<StreamSocket>): void {
    const groups = new Map<string, { request: StreamRequest; waiting: Waiting[] }>();
    for (const connection of connections) {
      const request = connection.request;
      if (!request || (connection.state !== 'live' && connection.state !== 'syncing')) continue;
      const key = snapshotKeyOf(request);
      let group = groups.get(key);
      if (!group) {
        group = { request, waiting: [] };
        groups.set(key, group);
      }
      group.waiting.push({ connection, generation: connection.beginSync() });
    }
    for (const group of groups.values()) this.retry(group, 0);
  }

  private retry(group: SyncGroup, attempt: number): void {
    setTimeout(() => {
      void this.attempt(group, attempt);
    }, resyncDelayMs(attempt)).unref();
  }

  private async attempt(group: SyncGroup, attempt: number): Promise<void> {
    const waiting = group.waiting.filter(({ connection, generation }) => connection.isWaitingFor(generation));
    if (waiting.length === 0) return;
    try {
      const snapshot = Buffer.from(await this.snapshots.read(group.request));
      for (const { connection, generation } of waiting) connection.completeSync(snapshot, generation);
    } catch {
      this.retry({ request: group.request, waiting }, attempt + 1);
    }
  }
}
