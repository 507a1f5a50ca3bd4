import { RedisEnvironment, toBoolean, toInteger } from '@pds/config';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** Every setting of the gateway, validated at boot; see the configuration table in the README. */
export class GatewayEnvironment extends RedisEnvironment {
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' = 'info';

  /** Requests per minute per key and operation, for keys without a limit of their own. */
  @toInteger()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE = 40;

  /** Concurrent WebSocket connections per key and operation, for keys without a limit of their own. */
  @toInteger()
  @IsInt()
  @Min(1)
  WS_CONNECTIONS_PER_KEY = 2;

  /** Failed authentications per client address and minute before the address gets 429. */
  @toInteger()
  @IsInt()
  @Min(1)
  AUTH_FAILURES_PER_MINUTE = 60;

  /** Trust X-Forwarded-For from the load balancer to learn the client address. */
  @toBoolean()
  @IsBoolean()
  TRUST_PROXY = false;

  /** Bearer token of the admin operations; without it they are refused. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'ADMIN_TOKEN must be at least 16 characters' })
  ADMIN_TOKEN?: string;

  /** A tick older than this makes /health/ready answer 503. */
  @toInteger()
  @IsInt()
  @Min(1000)
  READY_MAX_TICK_AGE_MS = 30_000;
}
