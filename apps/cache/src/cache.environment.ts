import { hostname } from 'node:os';
import { withStripeSettings } from '@pds/billing';
import { ServiceEnvironment, toInteger } from '@pds/config';
import { withExchangeSettings } from '@pds/exchange';
import { DEFAULT_SYMBOL, MARKET_SYMBOLS, type MarketSymbol } from '@pds/market';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, Min } from 'class-validator';
import { RETENTION_OVERRIDES_PATTERN } from './retention/retention-bounds';

/**
 * Every setting of the cache worker, validated at boot; see apps/cache/README.md. The exchanges'
 * come from withExchangeSettings (it reads the primary's history only), Stripe's (for the billing
 * reconciliation) from withStripeSettings.
 */
export class CacheEnvironment extends withExchangeSettings(withStripeSettings(ServiceEnvironment)) {
  @IsIn(MARKET_SYMBOLS)
  SYMBOL: MarketSymbol = DEFAULT_SYMBOL;

  /** This process in logs and in BullMQ's worker name. */
  @IsString()
  @IsNotEmpty()
  CACHE_WORKER_ID = `${hostname()}-${process.pid}`;

  /** Closed klines of every interval that the warm-up makes sure are stored, newest first. */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(100_000)
  WARM_UP_KLINES = 1000;

  /**
   * Request weight per minute that all workers together may spend on the exchange's REST API.
   * Binance allows 6000 per IP; staying far below leaves room for everything else on that IP.
   */
  @toInteger()
  @IsInt()
  @Min(2)
  EXCHANGE_WEIGHT_PER_MINUTE = 1200;

  /**
   * REST requests in flight at once across all workers. Each one may come back 429 before the
   * shared pause takes effect, and an exchange bans an IP that keeps sending after 429s (the
   * simulator after 3 in a minute), so this stays small.
   */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(3)
  EXCHANGE_MAX_IN_FLIGHT = 2;

  /** Jobs one worker process runs at once. */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(64)
  CACHE_CONCURRENCY = 4;

  /** Closed klines kept per interval; older ones are trimmed. */
  @toInteger()
  @IsInt()
  @Min(1000)
  RETENTION_KLINES = 100_000;

  /** Per-interval exceptions to RETENTION_KLINES, e.g. `1m=50000,5m=20000`. */
  @Matches(RETENTION_OVERRIDES_PATTERN, {
    message: 'RETENTION_OVERRIDES must look like 1m=50000,1d=2000 (intervals, at least 1000 each)',
  })
  RETENTION_OVERRIDES = '';

  /** How often each worker trims history to the retention bounds. */
  @toInteger()
  @IsInt()
  @Min(1000)
  RETENTION_CHECK_MS = 60_000;

  /** How often the billing reconciliation re-reads every billed account from Stripe. */
  @toInteger()
  @IsInt()
  @Min(1000)
  BILLING_RECONCILE_INTERVAL_MS = 300_000;
}
