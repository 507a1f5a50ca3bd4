import { Inject, Injectable, Optional } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts, type RunScript } from '@pds/redis';
import { ANNOUNCE_ACCOUNT_KEYS, APPLY_BILLING_STATE } from './account-billing.lua';
import { BoostGrants } from './boost-grant';
import type { BillingState } from './subscription-state';

/** A boost paid for once: how much and for how long, from payment. */
export interface PaidBoost {
  readonly extraRequestsPerMinute: number;
  readonly extraWsConnections: number;
  readonly durationSeconds: number;
}

// Paid boosts are never refused for the cap admins' grants have: they were paid for.
const NO_CAP = 1_000_000;

/**
 * The Stripe event a write applies, for a webhook: its marker is checked and set by the same script
 * as the write (one per hash tag the writes use), so two deliveries of one event apply it once.
 */
export interface EventMarker {
  /** Beside the account hash (`{accounts}`): plan and subscription writes. */
  readonly onAccount: string;
  /** Beside the boosts (`{api-keys}`): paid boost grants. */
  readonly onBoosts: string;
  readonly ttlMs: number;
}

/** What a write made of its event: done now, or done already by another delivery. */
export type EventWrite = 'applied' | 'duplicate';

/** How far back reconciliation re-reads an account's paid Checkout sessions. */
export const RECONCILE_LOOK_BACK_SECONDS = 7 * 86_400;

/**
 * How long a paid session's marker is kept: past every re-read of the session (reconciliation's
 * look-back, Stripe's three days of webhook retries) with a month to spare, then it goes.
 */
const PAID_SESSION_MEMORY_MS = (RECONCILE_LOOK_BACK_SECONDS + 30 * 86_400) * 1000;

/**
 * The account writes billing makes, for the gateway's webhooks and the reconciliation alike: the
 * plan and subscription Stripe says the account has, and paid boosts granted once per payment.
 * Each change is announced on the key change channel, so every replica applies it within the key
 * cache's lifetime.
 */
@Injectable()
export class AccountBilling {
  private readonly applyState: RunScript<number>;
  private readonly announceKeys: RunScript<number>;
  private readonly boosts: BoostGrants;
  private readonly boostsSold: Counter | undefined;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
    @Optional() registry?: Registry,
  ) {
    this.applyState = scripts.bind(APPLY_BILLING_STATE);
    this.announceKeys = scripts.bind(ANNOUNCE_ACCOUNT_KEYS);
    this.boosts = new BoostGrants(keys, scripts);
    // Counted where the grant happens (webhook or reconciliation), once per paid session.
    this.boostsSold = registry
      ? new Counter({
          name: 'pds_billing_boosts_sold_total',
          help: 'Paid boosts granted by this process (each paid Checkout session once)',
          registers: [registry],
        })
      : undefined;
  }

  /** The account that Stripe customer was made for, as recorded at its first checkout. */
  async accountOfCustomer(customerId: string): Promise<string | undefined> {
    return (await this.redis.hget(this.keys.stripeCustomerAccounts(), customerId)) ?? undefined;
  }

  /** Every account that ever had a Stripe customer. */
  async billedAccounts(): Promise<string[]> {
    return this.redis.smembers(this.keys.billedAccounts());
  }

  async customerOfAccount(accountId: string): Promise<string | undefined> {
    return (await this.redis.hget(this.keys.account(accountId), 'stripeCustomerId')) ?? undefined;
  }

  /**
   * Writes the state read from Stripe at `readAt` (ms) unless a later read was written first; with
   * `event`, only when that event was not applied already.
   */
  async applyBillingState(
    accountId: string,
    state: BillingState,
    readAt: number,
    event?: EventMarker,
  ): Promise<EventWrite> {
    const { subscription } = state;
    const written = await this.applyState(
      [this.keys.account(accountId), ...(event ? [event.onAccount] : [])],
      readAt,
      state.plan,
      subscription?.id ?? '',
      subscription?.status ?? '',
      subscription?.currentPeriodEnd ?? '',
      String(subscription?.cancelAtPeriodEnd ?? false),
      subscription?.pendingPlan ?? '',
      ...(event ? [event.ttlMs] : []),
    );
    if (written === 1) await this.announce(accountId);
    return written === 2 ? 'duplicate' : 'applied';
  }

  /**
   * Grants the boost paid by this Checkout session, once however often it is asked; with `event`,
   * only when that event was not applied already.
   */
  async grantPaidBoost(
    accountId: string,
    sessionId: string,
    paid: PaidBoost,
    event?: EventMarker,
    now = Date.now(),
  ): Promise<EventWrite> {
    const { reply } = await this.boosts.grant(
      { kind: 'account', accountId },
      {
        extraRequestsPerMinute: paid.extraRequestsPerMinute,
        extraWsConnections: paid.extraWsConnections,
        expiresAt: now + paid.durationSeconds * 1000,
      },
      {
        maxActive: NO_CAP,
        paidSession: { key: this.keys.paidBoostSession(sessionId), ttlMs: PAID_SESSION_MEMORY_MS },
        ...(event ? { event: { key: event.onBoosts, ttlMs: event.ttlMs } } : {}),
        now,
      },
    );
    if (reply === 'granted') this.boostsSold?.inc();
    return reply === 'event-applied' ? 'duplicate' : 'applied';
  }

  private async announce(accountId: string): Promise<void> {
    await this.announceKeys(
      [this.keys.accountApiKeys(accountId), this.keys.apiKeyIndex()],
      this.keys.apiKeyChangesChannel(),
    );
  }
}
