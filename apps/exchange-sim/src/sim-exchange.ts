import { hash32 } from './market/hash';
import type { VenueProfile } from './market/venue-profile';
import type { PrintSettings } from './market/venue-prints';
import type { SimEnvironment, SimExchange } from './sim.environment';

type ExchangeDefaults = Partial<Record<keyof SimEnvironment, string>>;

/**
 * What each exchange does differently from Binance's defaults in sim.environment.ts, from its own
 * documentation (sources in the README): history start, halts, limits, and where its price sits.
 */
const EXCHANGE_DEFAULTS: Readonly<Record<SimExchange, ExchangeDefaults>> = {
  binance: {},
  'binance-us': {
    SIM_PRICE_PREMIUM_BPS: '4',
    // Each follows the market a little after Binance, where most of the price is found.
    SIM_LAG_MS: '400',
    // Binance.US's own market: none of Binance's halts, trading from its launch week.
    SIM_HISTORY_START: '2019-09-25T00:00:00.000Z',
    SIM_HALTS: 'none',
    SIM_WEIGHT_PER_MINUTE: '1200',
    SIM_PING_INTERVAL_MS: '180000',
    SIM_PONG_TIMEOUT_MS: '600000',
  },
  kraken: {
    SIM_PRICE_PREMIUM_BPS: '-3',
    SIM_LAG_MS: '800',
    SIM_HISTORY_START: '2020-01-01T00:00:00.000Z',
    SIM_HALTS: 'none',
    // Kraken's BTC/USDT book trades far less than Binance's BTCUSDT.
    SIM_TRADES_PER_SECOND: '2',
  },
};

/**
 * The environment with the chosen exchange's own defaults for every variable the deployment did not
 * set itself (`source`: the variables as given).
 */
export function withExchangeDefaults(env: SimEnvironment, source: NodeJS.ProcessEnv): SimEnvironment {
  const defaults = EXCHANGE_DEFAULTS[env.SIM_EXCHANGE];
  const merged: Record<string, unknown> = env as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(defaults)) {
    if (source[key] !== undefined) continue;
    const current = merged[key];
    merged[key] = typeof current === 'number' ? Number(value) : value;
  }
  return env;
}

const VENUE_SALT = 0x76656e75;
const EXCHANGE_INDEX: Readonly<Record<SimExchange, number>> = { binance: 0, 'binance-us': 1, kraken: 2 };

/**
 * The exchange's own market on the shared price walk. Binance keeps SIM_SEED itself (so its history is
 * what it always was); the others derive their seed from it, so each has its own volumes, trade counts
 * and live tape around the same BTC price.
 */
export function venueProfile(env: SimEnvironment): VenueProfile {
  const index = EXCHANGE_INDEX[env.SIM_EXCHANGE];
  const venueSeed = index === 0 ? env.SIM_SEED : hash32(env.SIM_SEED, VENUE_SALT, index);
  const kraken = env.SIM_EXCHANGE === 'kraken';
  return {
    venueSeed,
    premiumBps: env.SIM_PRICE_PREMIUM_BPS,
    // About one minute in eight without a trade on Kraken's thinner book: no kline there.
    quietPerMille: kraken ? 125 : 0,
    tradesDivisor: kraken ? 40 : 1,
    volumeDivisor: kraken ? 20 : 1,
  };
}

/** How this exchange prints the live market (market/venue-prints.ts), from its settings. */
export function printSettings(env: SimEnvironment, venue: VenueProfile): PrintSettings {
  return {
    venueSeed: venue.venueSeed,
    premiumBps: venue.premiumBps,
    noiseBps: env.SIM_NOISE_BPS,
    lagMs: env.SIM_LAG_MS,
    glitchEverySeconds: env.SIM_GLITCH_EVERY_S,
    glitchBps: env.SIM_GLITCH_BPS,
  };
}
