import { ServiceEnvironment, toBoolean, toInteger } from '@pds/config';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** Every setting of the gateway, validated at boot; see the configuration table in the README. */
export class GatewayEnvironment extends ServiceEnvironment {
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' = 'info';

  /** One JSON log line per HTTP request (benchmarks turn it off to measure the service alone). */
  @toBoolean()
  @IsBoolean()
  LOG_REQUESTS = true;

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

  /** getKlines waits this long for history the cache workers fetch (read-through), then answers 503. */
  @toInteger()
  @IsInt()
  @Min(100)
  @Max(60_000)
  READ_THROUGH_TIMEOUT_MS = 5000;

  /** WebSocket connection lease in Redis; a crashed replica's connections free their slots after it. */
  @toInteger()
  @IsInt()
  @Min(1000)
  WS_LEASE_TTL_MS = 30_000;

  /** The server pings every WebSocket this often; a peer that misses two pongs is dropped. */
  @toInteger()
  @IsInt()
  @Min(100)
  WS_PING_INTERVAL_MS = 30_000;

  /** A WebSocket reader that stays behind this long is closed with 1013. */
  @toInteger()
  @IsInt()
  @Min(100)
  WS_SLOW_CLIENT_TIMEOUT_MS = 30_000;

  /** Unsent bytes on a WebSocket above which updates are conflated instead of queued. */
  @toInteger()
  @IsInt()
  @Min(1024)
  WS_SLOW_CLIENT_BUFFER_BYTES = 65_536;
}
