import { withStripeSettings } from '@pds/billing';
import {
  emptyAsUnset,
  ServiceEnvironment,
  toBoolean,
  toInteger,
  toList,
  withHttpListener,
} from '@pds/config';
import { Equals, IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { IsProxyList } from './proxy-trust';

/** Every setting of the gateway, validated at boot; see the configuration table in the README. */
/** Stripe's settings (secret key, API address, price ids) come from withStripeSettings. */
export class GatewayEnvironment extends withStripeSettings(withHttpListener(ServiceEnvironment, 3000)) {
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

  /**
   * Refused when true: believing every peer takes the leftmost X-Forwarded-For, which a client
   * writes itself behind any proxy that appends. TRUSTED_PROXIES is the one way to trust a proxy.
   */
  @toBoolean()
  @IsBoolean()
  @Equals(false, {
    message:
      "TRUST_PROXY=true is no longer accepted: set TRUSTED_PROXIES to the load balancers' addresses or CIDRs (for example TRUSTED_PROXIES=10.0.0.10 or loopback) and remove TRUST_PROXY",
  })
  TRUST_PROXY = false;

  /** The proxies whose X-Forwarded-For/-Proto are believed (addresses, CIDRs); none by default. */
  @toList()
  @IsProxyList()
  TRUSTED_PROXIES: string[] = [];

  /** Where clients reach the service (scheme, host, port): the OpenAPI document's server and links in mails. */
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'PUBLIC_BASE_URL must be an http(s) URL such as https://api.example.com' },
  )
  PUBLIC_BASE_URL = 'http://127.0.0.1:3000';

  /** Bearer token of the admin operations; without it they are refused. */
  @emptyAsUnset()
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

  /**
   * Time an HTTP request or a WebSocket admission may wait for Redis in all, from its arrival; then
   * it is answered 503 with Retry-After. Below 1 s, the contract's bound, to leave time to answer.
   */
  @toInteger()
  @IsInt()
  @Min(50)
  @Max(60_000)
  REQUEST_DEADLINE_MS = 800;

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

  /** Signs account access tokens (HS256); without it sign-in answers 503. Same on every replica. */
  @emptyAsUnset()
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'AUTH_JWT_SECRET must be at least 32 characters' })
  AUTH_JWT_SECRET?: string;

  /** Lifetime of an access token in seconds (at most 15 minutes). */
  @toInteger()
  @IsInt()
  @Min(30)
  @Max(900)
  AUTH_ACCESS_TOKEN_TTL_SECONDS = 900;

  /** Lifetime of a refresh token (and of a sign-in left unused) in seconds. */
  @toInteger()
  @IsInt()
  @Min(60)
  AUTH_REFRESH_TOKEN_TTL_SECONDS = 604_800;

  /**
   * The most a sign-in lasts from its password, however often it is refreshed (CONTRACT section 10:
   * 30 days). A shorter value is for tests that watch a sign-in end.
   */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(2_592_000)
  AUTH_SESSION_MAX_AGE_SECONDS = 2_592_000;

  /** SMTP server for account mails (smtp://user:pass@host:port); without it no mail is sent. */
  @emptyAsUnset()
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  /** From-address of account mails. */
  @IsString()
  MAIL_FROM = 'Price Data Service <no-reply@localhost>';

  /** Sign-ups and password-reset requests per client address and hour (each sends a mail). */
  @toInteger()
  @IsInt()
  @Min(1)
  ACCOUNT_MAIL_REQUESTS_PER_HOUR = 30;

  /** Account, key, usage and billing requests per account and minute (CONTRACT section 10: 60). */
  @toInteger()
  @IsInt()
  @Min(1)
  ACCOUNT_REQUESTS_PER_MINUTE = 60;

  /** Live API keys an account on the free plan may hold. */
  @toInteger()
  @IsInt()
  @Min(0)
  FREE_PLAN_API_KEYS = 3;

  /** Signing secret of the webhook endpoint (`whsec_...`); without it every webhook is refused. */
  @emptyAsUnset()
  @IsOptional()
  @IsString()
  STRIPE_WEBHOOK_SECRET?: string;
}
