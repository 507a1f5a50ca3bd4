import { AppEnvironment, toInteger, withHttpListener } from '@pds/config';
import { IsIn, IsInt, IsISO8601, IsNumberString, IsString, Matches, Max, Min } from 'class-validator';
import { BINANCE_BTCUSDT_HALTS } from './market/halts';

/** The exchanges whose wire format the sim can speak, one per process. */
export const SIM_EXCHANGES = ['binance', 'binance-us', 'kraken'] as const;
export type SimExchange = (typeof SIM_EXCHANGES)[number];

/**
 * Every setting of the exchange simulator, validated once at boot. The defaults below are Binance's;
 * sim-exchange.ts replaces the ones another exchange has its own value for, unless they are set. One
 * port (PORT, 9443 by default) serves REST and the WebSocket streams.
 */
export class SimEnvironment extends withHttpListener(AppEnvironment, 9443) {
  /** The wire format this process serves: REST paths, stream frames, limits, errors. */
  @IsIn(SIM_EXCHANGES)
  SIM_EXCHANGE: SimExchange = 'binance';

  /**
   * Where this exchange's prices sit against the market they all trade, in basis points (the same
   * seed walks the same BTC price on every exchange; each prints it a few basis points apart).
   */
  @toInteger()
  @IsInt()
  @Min(-500)
  @Max(500)
  SIM_PRICE_PREMIUM_BPS = 0;

  /**
   * How far, at most, this exchange's live prices wander from the market every exchange trades, in
   * basis points: a slow wander of its own (seeded), so exchanges disagree a little, as real ones do.
   */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(100)
  SIM_NOISE_BPS = 2;

  /** How late this exchange's live prices follow the market (Binance 0, Binance.US 400, Kraken 800). */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(60_000)
  SIM_LAG_MS = 0;

  /**
   * A glitch about this often, in seconds: one trade printed SIM_GLITCH_BPS off, the next ones right
   * again. 0 (the default) never glitches, so tests see only the market and the noise.
   */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_GLITCH_EVERY_S = 0;

  @toInteger()
  @IsInt()
  @Min(1)
  @Max(5000)
  SIM_GLITCH_BPS = 150;

  /** Same seed, same history: every kline before the sim started is a function of it. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(4_294_967_295)
  SIM_SEED = 1;

  /** Background trades per second; 0 leaves only the trades injected through POST /sim/trade. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(100_000)
  SIM_TRADES_PER_SECOND = 20;

  /** The listing time of the symbol: no kline exists before it (Binance's BTCUSDT listing by default). */
  @IsISO8601({ strict: true })
  SIM_HISTORY_START = '2017-08-17T04:00:00.000Z';

  /**
   * Trading halts in the history, `from/to[/realignAt]` (ISO 8601) comma-separated, `none` for none:
   * Binance's own BTCUSDT halts by default, with its cut and off-grid klines (market/halts.ts).
   */
  @IsString()
  SIM_HALTS = BINANCE_BTCUSDT_HALTS;

  /** Level around which the synthetic history wanders (±~40 %); a multiple of the 0.01 tick. */
  @Matches(/^\d{1,7}(\.\d{1,2}0{0,6})?$/, {
    message: 'SIM_START_PRICE must be a price on the 0.01 tick below 10^7',
  })
  @Matches(/[1-9]/, { message: 'SIM_START_PRICE must be above zero' })
  SIM_START_PRICE = '97000.00000000';

  /** REQUEST_WEIGHT budget per minute, as Binance's default 6000; changeable with POST /sim/weight-budget. */
  @toInteger()
  @IsInt()
  @Min(1)
  SIM_WEIGHT_PER_MINUTE = 6000;

  /** Requests answered 429 in one minute before the next over-budget request is banned with 418. */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_BAN_AFTER_REJECTIONS = 3;

  /** Length of a 418 ban; Binance's shortest is two minutes. */
  @toInteger()
  @IsInt()
  @Min(1000)
  SIM_BAN_MS = 120_000;

  /** Kline events of an interval are pushed this often while it trades (Binance: 2000 ms). */
  @toInteger()
  @IsInt()
  @Min(10)
  SIM_KLINE_PUSH_MS = 2000;

  /** Binance sends a ping frame every 20 s... */
  @toInteger()
  @IsInt()
  @Min(10)
  SIM_PING_INTERVAL_MS = 20_000;

  /** ...and drops a connection whose pongs stop for a minute. */
  @toInteger()
  @IsInt()
  @Min(10)
  SIM_PONG_TIMEOUT_MS = 60_000;

  /** After a serverShutdown notice the connection stays open this long, then the server closes it. */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_SHUTDOWN_GRACE_MS = 30_000;

  /** Binance drops a connection that sends more than 5 messages (frames) a second; 0 disables the limit. */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_WS_MESSAGES_PER_SECOND = 5;

  /** Binance cuts every stream connection after 24 hours; tests shorten it to seconds. */
  @toInteger()
  @IsInt()
  @Min(100)
  SIM_CONNECTION_LIFETIME_MS = 86_400_000;

  /** New stream connections per 5 minutes from one address before HTTP 429 (Binance: 300; 0 = off). */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_WS_CONNECTIONS_PER_5_MINUTES = 300;

  /**
   * Shifts the sim's clock against the host's, like an exchange clock skew. Tests use it to start the
   * sim seconds before an interval boundary instead of waiting up to a day for a kline to close.
   */
  @toInteger()
  @IsInt()
  SIM_CLOCK_OFFSET_MS = 0;

  /** Kraken's REST call counter (Starter tier): its ceiling and its decay per second. */
  @toInteger()
  @IsInt()
  @Min(1)
  SIM_KRAKEN_COUNTER_MAX = 15;

  @IsNumberString()
  SIM_KRAKEN_COUNTER_DECAY_PER_SECOND = '0.33';

  /**
   * Kraken revises the volume of a kline shortly after it closed: for this long after its close the
   * sim reports it short (see the README); 0 turns the quirk off.
   */
  @toInteger()
  @IsInt()
  @Min(0)
  SIM_KRAKEN_REVISION_MS = 5000;
}
