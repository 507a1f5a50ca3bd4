import type { Interval, MarketSymbol } from '@pds/market';

/**
 * Every Redis key and pub/sub channel of the service, built in this one place.
 *
 * Market keys of one symbol share the hash tag `{symbol}`, so the ingestor's multi-key Lua step
 * works on Redis Cluster unchanged. Values are JSON in the interface's HTTP shape:
 *
 * | key                         | type       | value                                             |
 * |-----------------------------|------------|---------------------------------------------------|
 * | latestPrice                 | string     | Price JSON + its exchange (sourced-record.ts)     |
 * | openKline(interval)         | string     | Kline JSON (isClosed false) + its exchange        |
 * | closedKlines(interval)      | sorted set | score openTime ms, member Kline JSON (isClosed true) |
 * | coverage(interval)          | sorted set | covered [start,end] ranges of history, see cache  |
 * | refusedPages(interval)      | sorted set | pages with refused rows, until asked again (refused-pages.ts) |
 * | latestPriceTradeId          | string     | the latest price's trade id (exchange order)      |
 * | lastEventTime               | string     | epoch ms of the newest exchange event written     |
 * | exchangeStatus              | string     | ExchangeStatus JSON: the serving exchange, states |
 * | indexCurrent                | string     | the index's newest second: its 200 body, or its 503 error body |
 * | indexSecond                 | string     | epoch ms of the newest second the index was computed for |
 * | indexOpenKline(interval)    | string     | the index's open Kline JSON                       |
 * | indexClosedKlines(interval) | sorted set | the index's closed klines, the newest 1000 (docs/index.md) |
 *
 * Channels carry the same JSON as the keys: `priceChannel` a Price per new last price,
 * `klineChannel(interval)` a Kline per change (at a rollover the closed kline, then the new open one).
 * `historyChannel` carries the interval whose closed klines the cache workers rewrote (history
 * fills and repairs are not pushed kline by kline): whoever mirrors them reads them again.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  private market(symbol: MarketSymbol): string {
    return `${this.prefix}:{${symbol}}`;
  }

  latestPrice(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:price`;
  }

  openKline(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:open`;
  }

  closedKlines(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:closed`;
  }

  coverage(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:coverage`;
  }

  refusedPages(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:kline:${interval}:refused-pages`;
  }

  /** The exchange's id of the latest price's trade, its place in the exchange's order. */
  latestPriceTradeId(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:price-trade-id`;
  }

  lastEventTime(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:last-event-time`;
  }

  /** Which exchange serves the live data and each configured exchange's state (CONTRACT section 11). */
  exchangeStatus(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:exchange-status`;
  }

  exchangeStatusChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:exchange-status`;
  }

  ingestorLease(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:ingestor-lease`;
  }

  priceChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:price`;
  }

  klineChannel(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:changes:kline:${interval}`;
  }

  /** The index (docs/index.md): its newest second, as served (200 body or INDEX_UNAVAILABLE body). */
  indexCurrent(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:index:current`;
  }

  /** Epoch ms of the newest second the index's leader wrote (a take-over replays what follows it). */
  indexSecond(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:index:second`;
  }

  indexOpenKline(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:index:kline:${interval}:open`;
  }

  indexClosedKlines(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:index:kline:${interval}:closed`;
  }

  /** The index's current record, once per second (the same JSON as indexCurrent). */
  indexChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:index`;
  }

  indexKlineChannel(symbol: MarketSymbol, interval: Interval): string {
    return `${this.market(symbol)}:changes:index:kline:${interval}`;
  }

  /** Interval names whose closed-kline history was written outside the live feed (cache workers). */
  historyChannel(symbol: MarketSymbol): string {
    return `${this.market(symbol)}:changes:history`;
  }

  /**
   * One gateway process's own channel: a token it publishes (from inside the script that reads its
   * mirror's snapshot, or after a write of its own) comes back after every pub/sub message published
   * before it, so the process knows which messages it has already handled.
   */
  fenceChannel(processId: string): string {
    return `${this.prefix}:fence:${processId}`;
  }

  /** API key record, a hash, found by the SHA-256 of the key; the key itself is never stored. */
  apiKey(keyHash: string): string {
    return `${this.prefix}:{api-keys}:key:${keyHash}`;
  }

  /** Hash of key id → key hash, for listing and revoking by id. */
  apiKeyIndex(): string {
    return `${this.prefix}:{api-keys}:index`;
  }

  /**
   * Hash of one key's boosts, field boost id → JSON `{id, extraRequestsPerMinute, extraWsConnections,
   * grantedAt, expiresAt}` (epoch ms); the hash expires with its last boost.
   */
  apiKeyBoosts(keyId: string): string {
    return `${this.prefix}:{api-keys}:boosts:${keyId}`;
  }

  /** Hash of an account's boosts (same JSON as apiKeyBoosts); they apply to every key of the account. */
  accountBoosts(accountId: string): string {
    return `${this.prefix}:{api-keys}:account-boosts:${accountId}`;
  }

  /** Hash of key id → when the key was last used (ISO 8601), written at most about once a minute. */
  apiKeyLastUsed(): string {
    return `${this.prefix}:{api-keys}:last-used`;
  }

  /** Set of the ids of every key an account made (revoked ones too), for its list. */
  accountApiKeys(accountId: string): string {
    return `${this.prefix}:{api-keys}:account:${accountId}:all`;
  }

  /** Set of the ids of an account's live keys, which its plan caps. */
  accountLiveApiKeys(accountId: string): string {
    return `${this.prefix}:{api-keys}:account:${accountId}:live`;
  }

  /** Channel announcing a change to a key record (revocation, limits), payload the key hash. */
  apiKeyChangesChannel(): string {
    return `${this.prefix}:{api-keys}:changes`;
  }

  /**
   * Account record, a hash: id, email, passwordHash (Argon2id), plan, createdAt, verifiedAt. Every
   * account key shares the hash tag `{accounts}`, so multi-key steps stay atomic on a Cluster.
   */
  account(accountId: string): string {
    return `${this.prefix}:{accounts}:account:${accountId}`;
  }

  /** Hash of lower-cased email → account id: emails are unique case-insensitively. */
  accountEmailIndex(): string {
    return `${this.prefix}:{accounts}:by-email`;
  }

  /**
   * A mail token (purpose `verify` or `reset`) by its SHA-256, value the account id and, for a
   * verification, when it was issued; for a reset, a fingerprint of the password it was issued under.
   */
  accountToken(purpose: string, tokenHash: string): string {
    return `${this.prefix}:{accounts}:token:${purpose}:${tokenHash}`;
  }

  /** A refresh token by its SHA-256, a hash: sessionId, accountId, spent (once rotated). */
  refreshToken(tokenHash: string): string {
    return `${this.prefix}:{accounts}:refresh:${tokenHash}`;
  }

  /** One sign-in's session, a hash with its accountId; access tokens name it and die with it. */
  session(sessionId: string): string {
    return `${this.prefix}:{accounts}:session:${sessionId}`;
  }

  /** Set of an account's session ids, so a password reset can end them all. */
  accountSessions(accountId: string): string {
    return `${this.prefix}:{accounts}:sessions:${accountId}`;
  }

  /** Hash of Stripe customer id → account id; an account's own id is in its hash (stripeCustomerId). */
  stripeCustomerAccounts(): string {
    return `${this.prefix}:{accounts}:by-stripe-customer`;
  }

  /**
   * The last preview of a plan change an account was shown (plan and Stripe's proration date), so
   * the change that follows charges exactly the previewed amount; it expires on its own.
   */
  planChangeQuote(accountId: string): string {
    return `${this.prefix}:{accounts}:plan-change-quote:${accountId}`;
  }

  /** Set of the ids of accounts that ever had a Stripe customer: what reconciliation re-reads. */
  billedAccounts(): string {
    return `${this.prefix}:{accounts}:billed`;
  }

  /**
   * A Stripe event already applied (by its id), kept 30 days so a repeat changes nothing. Written by
   * the same script as the event's change to an account (hash tag `{accounts}`), so a duplicate
   * check and the change are one step.
   */
  stripeEvent(eventId: string): string {
    return `${this.prefix}:{accounts}:stripe-event:${eventId}`;
  }

  /** The same marker for an event that grants a paid boost, beside the boosts (hash tag `{api-keys}`). */
  stripeBoostEvent(eventId: string): string {
    return `${this.prefix}:{api-keys}:stripe-event:${eventId}`;
  }

  /** A paid Checkout session already granted its boost (value: the boost id), beside the boosts it guards. */
  paidBoostSession(sessionId: string): string {
    return `${this.prefix}:{api-keys}:paid-boost-session:${sessionId}`;
  }

  /** A billing mail already sent for one Stripe object (a declined invoice, an ended subscription). */
  billingMailSent(kind: string, stripeObjectId: string): string {
    return `${this.prefix}:billing-mail:${kind}:${stripeObjectId}`;
  }

  /** Fixed-window counter of failed sign-ins for one email (by its SHA-256), known or not. */
  signInFailures(emailHash: string): string {
    return `${this.prefix}:{accounts}:sign-in-failures:${emailHash}`;
  }

  /**
   * Sorted set of the client addresses (by SHA-256) that signed in to one email's account, score =
   * the last success in ms: the addresses the failure lock spares for 30 days.
   */
  signInAddresses(emailHash: string): string {
    return `${this.prefix}:{accounts}:sign-in-addresses:${emailHash}`;
  }

  /**
   * Hash of an unverified account's pending registrations: registration id → `<ms>|<Argon2 hash>`,
   * each sign-up's own password; one of them becomes the account's password at verification.
   */
  pendingRegistrations(accountId: string): string {
    return `${this.prefix}:{accounts}:pending-registrations:${accountId}`;
  }

  /** Fixed-window counter of failed sign-ins to one email from one address its owner signed in from. */
  signInKnownFailures(emailHash: string, addressHash: string): string {
    return `${this.prefix}:{accounts}:sign-in-known-failures:${emailHash}:${addressHash}`;
  }

  /** Fixed-window counter of the account pages' background reads of one account (their own budget). */
  accountBackgroundReads(accountId: string): string {
    return `${this.prefix}:{accounts}:account-background-reads:${accountId}`;
  }

  /** Fixed-window counter of one account's session-authenticated requests (CONTRACT section 10). */
  accountRequests(accountId: string): string {
    return `${this.prefix}:{accounts}:account-requests:${accountId}`;
  }

  /** Fixed-hour counter of the registration mails (verification links, notices) sent to one account's email. */
  registrationMails(accountId: string): string {
    return `${this.prefix}:{accounts}:registration-mails:${accountId}`;
  }

  /** Set while an account's verification mail was resent in the last minute. */
  verificationResent(accountId: string): string {
    return `${this.prefix}:{accounts}:verification-resent:${accountId}`;
  }

  /**
   * Fixed-window request counter of one tracker (a key id or an address) for one bucket. Beside it,
   * in its slot, `<key>:allotments` (window-calls.ts) counts the hits allotted to replicas ahead.
   */
  rateLimit(tracker: string, bucket: string): string {
    return `${this.prefix}:rate:{${tracker}}:${bucket}`;
  }

  /**
   * Hash of one key's usage on one UTC day (`YYYY-MM-DD`), fields `<HH>:<operation>:requests` and
   * `<HH>:<operation>:rejected`. Tagged `{keyId}` like the key's rate-limit windows, so the rate
   * limit's script counts both in one call on a Cluster too.
   */
  keyUsage(keyId: string, day: string): string {
    return `${this.prefix}:usage:{${keyId}}:${day}`;
  }

  /** Fixed-window counter of failed authentications from one client address. */
  authFailures(address: string): string {
    return `${this.prefix}:auth-failures:{${address}}`;
  }

  /** Sorted set of a key's WebSocket connection slots on one operation, score = slot expiry. */
  wsConnections(keyId: string, operation: string): string {
    return `${this.prefix}:ws:{${keyId}}:${operation}`;
  }

  /**
   * The exchange REST budget the cache workers share: three keys with the hash tag
   * `{exchange-rest}`, so the budget script works on Redis Cluster.
   */
  private exchangeRest(): string {
    return `${this.prefix}:{exchange-rest}`;
  }

  /** Sorted set of REST requests of the last minute, score = send time, member = `id|weight`. */
  exchangeWeight(): string {
    return `${this.exchangeRest()}:weight`;
  }

  /** Sorted set of requests in flight, score = slot expiry (a crashed worker frees its slot). */
  exchangeInFlight(): string {
    return `${this.exchangeRest()}:in-flight`;
  }

  /** Epoch ms before which no worker may call the REST API (set from Retry-After on 429/418). */
  exchangePausedUntil(): string {
    return `${this.exchangeRest()}:paused-until`;
  }

  /** A process's readiness write probe, short-lived: one per process (`owner` is unique). */
  readinessProbe(owner: string): string {
    return `${this.prefix}:ready-probe:{${owner}}`;
  }

  /** BullMQ prefix, hash-tagged so each queue's keys land in one Cluster slot. */
  queuePrefix(): string {
    return `{${this.prefix}:queues}`;
  }
}
