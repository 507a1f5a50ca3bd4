import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { emptyAsUnset, ServiceEnvironment, toInteger } from '@pds/config';
import { DEFAULT_SYMBOL, MARKET_SYMBOLS, type MarketSymbol } from '@pds/market';
import { DEFAULT_STREAM_TUNING, withExchangeSettings } from '@pds/exchange';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';

/** The property must be smaller than another numeric property of the same object. */
function IsLessThan(other: string): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isLessThan',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [other],
      options: { message: `$property must be less than ${other}` },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const limit: unknown = Reflect.get(args.object, other);
          return typeof value === 'number' && typeof limit === 'number' && value < limit;
        },
      },
    });
  };
}

/** Every setting of the ingestor, validated at boot; the exchanges' come from withExchangeSettings. */
export class IngestorEnvironment extends withExchangeSettings(ServiceEnvironment) {
  @IsIn(MARKET_SYMBOLS)
  SYMBOL: MarketSymbol = DEFAULT_SYMBOL;

  /** This process in the lease and in logs; unique per process. */
  @IsString()
  @IsNotEmpty()
  INGESTOR_ID = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

  /** The leader's lease expires this long after its last renewal (a crashed leader is replaced after it). */
  @toInteger()
  @IsInt()
  @Min(500)
  @Max(60_000)
  LEASE_TTL_MS = 5000;

  @toInteger()
  @IsInt()
  @Min(100)
  @IsLessThan('LEASE_TTL_MS')
  LEASE_RENEW_MS = 1500;

  /** How often a standby tries to take the lease. */
  @toInteger()
  @IsInt()
  @Min(50)
  @Max(1000)
  LEASE_POLL_MS = 500;

  /** No exchange message for this long: the connection is dead. */
  @toInteger()
  @IsInt()
  @Min(500)
  STREAM_SILENCE_MS = DEFAULT_STREAM_TUNING.silenceMs;

  /**
   * Connections are replaced (make-before-break) at this age, before the exchange's cut; unset: each
   * exchange's own limit (Binance: 23 h 50 m, before its 24 h cut).
   */
  @emptyAsUnset()
  @IsOptional()
  @toInteger()
  @IsInt()
  @Min(10_000)
  @Max(24 * 3_600_000)
  STREAM_MAX_AGE_MS?: number;

  @toInteger()
  @IsInt()
  @Min(10)
  RECONNECT_INITIAL_MS = DEFAULT_STREAM_TUNING.reconnectInitialMs;

  /**
   * New stream connections per 5 minutes at most, however often they are cut; unset: each exchange's
   * own limit (Binance's: 300).
   */
  @emptyAsUnset()
  @IsOptional()
  @toInteger()
  @IsInt()
  @Min(1)
  STREAM_CONNECTIONS_PER_5_MINUTES?: number;

  @toInteger()
  @IsInt()
  @Min(100)
  RECONNECT_MAX_MS = DEFAULT_STREAM_TUNING.reconnectMaxMs;

  /** The serving exchange's feed delivered nothing for this long: it is dark (CONTRACT section 11). */
  @toInteger()
  @IsInt()
  @Min(500)
  EXCHANGE_DARK_AFTER_MS = 10_000;

  /**
   * A better exchange (the primary) serves again once it has delivered this long without a break; a
   * switch back also waits this long after the previous switch (no flapping).
   */
  @toInteger()
  @IsInt()
  @Min(1000)
  EXCHANGE_RETURN_AFTER_MS = 60_000;

  /** Counters and write statistics are logged when they changed, at most this often. */
  @toInteger()
  @IsInt()
  @Min(100)
  STATS_LOG_MS = 10_000;
}
