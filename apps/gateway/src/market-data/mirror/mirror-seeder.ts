import { Injectable } from '@nestjs/common';
import type { Interval, MarketSymbol } from '@pds/market';
import { RedisKeys, RedisScripts, type RunScript } from '@pds/redis';
import type { StoredKline } from '../klines/klines-selection';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { ChangeSubscriber } from '../../changes/change-subscriber';
import { type MirrorSeed, MIRROR_SEED_SCRIPT } from './mirror-seed.lua';
import { type KlinesSnapshot, MIRRORED_CLOSED_KLINES } from './mirrored-klines';

/**
 * Reads the snapshots of mirrored series, each with its fence (MIRROR_SEED_SCRIPT) on this
 * process's own fence channel (ChangeSubscriber's).
 */
@Injectable()
export class MirrorSeeder {
  readonly fenceChannel: string;
  private readonly seed: RunScript<MirrorSeed>;

  constructor(
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
    changes: ChangeSubscriber,
  ) {
    this.fenceChannel = changes.fenceChannel;
    this.seed = scripts.bind(MIRROR_SEED_SCRIPT);
  }

  async price(symbol: MarketSymbol, token: string): Promise<string | null> {
    const { latest } = await this.run([this.keys.latestPrice(symbol)], token);
    return latest;
  }

  async klines(symbol: MarketSymbol, interval: Interval, token: string): Promise<KlinesSnapshot> {
    const keys = [this.keys.openKline(symbol, interval), this.keys.closedKlines(symbol, interval)];
    return this.klinesOf(await this.run(keys, token));
  }

  async index(symbol: MarketSymbol, token: string): Promise<string | null> {
    const { latest } = await this.run([this.keys.indexCurrent(symbol)], token);
    return latest;
  }

  async indexKlines(symbol: MarketSymbol, interval: Interval, token: string): Promise<KlinesSnapshot> {
    const keys = [this.keys.indexOpenKline(symbol, interval), this.keys.indexClosedKlines(symbol, interval)];
    return this.klinesOf(await this.run(keys, token));
  }

  private klinesOf({ latest, closedWithScores: flat }: MirrorSeed): KlinesSnapshot {
    const closed: StoredKline[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2) {
      closed.push({ json: flat[index] ?? '', openTime: Number(flat[index + 1]) });
    }
    return { open: latest, closed };
  }

  private run(keys: string[], token: string): Promise<MirrorSeed> {
    return fromStorage(this.seed(keys, this.fenceChannel, token, MIRRORED_CLOSED_KLINES));
  }
}
