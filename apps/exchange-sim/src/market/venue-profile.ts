import { HashStream } from './hash';

/** How one exchange's market differs from another's on the same price walk. */
export interface VenueProfile {
  /** Seeds the exchange's own details: wicks, volumes, trade counts and ids, the live tape. */
  readonly venueSeed: number;
  /** The exchange's prices against the shared walk, in basis points. */
  readonly premiumBps: number;
  /** Minutes per thousand in which nothing trades (deterministic per venue seed and minute). */
  readonly quietPerMille: number;
  /** A thinner book: trade counts and volumes divided by these. */
  readonly tradesDivisor: number;
  readonly volumeDivisor: number;
}

/** Binance's market: the shared walk as it is. */
export function plainVenue(seed: number): VenueProfile {
  return { venueSeed: seed, premiumBps: 0, quietPerMille: 0, tradesDivisor: 1, volumeDivisor: 1 };
}

const QUIET_SALT = 0x71756965;

/** Which minutes of a venue have no trade at all. */
export class QuietMinutes {
  private readonly hashes: HashStream;

  constructor(private readonly profile: VenueProfile) {
    this.hashes = new HashStream(profile.venueSeed, QUIET_SALT);
  }

  has(minute: number): boolean {
    return this.profile.quietPerMille > 0 && this.hashes.below(minute, 1000) < this.profile.quietPerMille;
  }
}

/** A price in ticks moved by the venue's premium (rounded to the tick). */
export function withPremium(ticks: number, premiumBps: number): number {
  return premiumBps === 0 ? ticks : ticks + Math.round((ticks * premiumBps) / 10_000);
}
