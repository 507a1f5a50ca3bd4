import { RedisEnvironment, toInteger, withLogLevel } from '@pds/config';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** Settings of `npm start`; each app also reads its own variables from the same environment. */
export class LocalStackEnvironment extends withLogLevel(RedisEnvironment) {
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT = 3000;

  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  SIM_PORT = 9443;

  @toInteger()
  @IsInt()
  SIM_SEED = 1;

  /** The standby exchange's simulator (Kraken's wire format), which serves while the primary is dark. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  STANDBY_SIM_PORT = 9444;

  /** A second standby's simulator (Binance.US's wire format): with it the index has three sources. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  US_SIM_PORT = 9445;

  /** The payments simulator, an offline Stripe the gateway bills through. */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(65_535)
  PAYMENTS_SIM_PORT = 12111;

  /** The local SMTP sink that receives and prints account mails. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  MAIL_SINK_PORT = 1025;

  /** The demo key's value; a new random key is made on each start when it is not set. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'DEMO_API_KEY must be at least 16 characters' })
  DEMO_API_KEY?: string;

  @IsOptional()
  @IsString()
  ADMIN_TOKEN?: string;
}
