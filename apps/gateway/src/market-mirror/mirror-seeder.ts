import type { Interval, MarketSymbol } from '@pds/market';
import { RedisKeys, type RedisClient, type ScriptCommand, scriptCommand } from '@pds/redis';
import type { StoredKline } from '../prices/klines-selection';
import { fromStorage } from '../storage/storage-unavailable.error';
import { MIRROR_SEED_LUA } from './mirror-seed.lua';
import { type KlinesSnapshot, MIRRORED_CLOSED_KLINES } from './mirrored-klines';

type SeedReply = [string | null, string[]?];

/** Reads the snapshots of mirrored series, each with its fence (MIRROR_SEED_LUA). */
export class MirrorSeeder {
  private readonly seed: ScriptCommand;

  constructor(
    redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly fenceChannel: string,
  ) {
    this.seed = scriptCommand(redis, 'pdsMirrorSeed', MIRROR_SEED_LUA);
  }

  async price(symbol: MarketSymbol, token: string): Promise<string | null> {
    const [price] = await this.run([this.keys.latestPrice(symbol)], token);
    return price;
  }

  async klines(symbol: MarketSymbol, interval: Interval, token: string): Promise<KlinesSnapshot> {
    const keys = [this.keys.openKline(symbol, interval), this.keys.closedKlines(symbol, interval)];
    const [open, flat = []] = await this.run(keys, token);
    const closed: StoredKline[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2) {
      closed.push({ json: flat[index] ?? '', openTime: Number(flat[index + 1]) });
    }
    return { open, closed };
  }

  private async run(keys: string[], token: string): Promise<SeedReply> {
    const reply = await fromStorage(
      this.seed(keys.length, ...keys, this.fenceChannel, token, MIRRORED_CLOSED_KLINES),
    );
    return reply as SeedReply;
  }
}
