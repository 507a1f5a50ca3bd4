import { Inject, Injectable } from '@nestjs/common';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts, type RunScript } from '@pds/redis';
import { ANNOUNCE_ACCOUNT_KEYS, APPLY_BILLING_STATE } from './account-billing.lua';
import { GRANT_ACCOUNT_BOOST, type GrantOutcome } from './account-boost.lua';
import { type Boost, boostToJson, generateBoostId } from './boost';
import type { BillingState } from './subscription-state';

/** A boost paid for once: how much and for how long, from payment. */
export interface PaidBoost {
  readonly extraRequestsPerMinute: number;
  readonly extraWsConnections: number;
  readonly durationSeconds: number;
}

// Paid boosts are never refused for the cap admins' grants have: they were paid for.
const NO_CAP = 1_000_000;

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
  private readonly grantBoost: RunScript<GrantOutcome>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.applyState = scripts.bind(APPLY_BILLING_STATE);
    this.announceKeys = scripts.bind(ANNOUNCE_ACCOUNT_KEYS);
    this.grantBoost = scripts.bind(GRANT_ACCOUNT_BOOST);
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

  /** Writes the state read from Stripe at `readAt` (ms) unless a later read was written first. */
  async applyBillingState(accountId: string, state: BillingState, readAt: number): Promise<void> {
    const { subscription } = state;
    const written = await this.applyState(
      [this.keys.account(accountId)],
      readAt,
      state.plan,
      subscription?.id ?? '',
      subscription?.status ?? '',
      subscription?.currentPeriodEnd ?? '',
      String(subscription?.cancelAtPeriodEnd ?? false),
      subscription?.pendingPlan ?? '',
    );
    if (written === 1) await this.announce(accountId);
  }

  /** Grants the boost paid by this Checkout session, once however often it is asked. */
  async grantPaidBoost(
    accountId: string,
    sessionId: string,
    paid: PaidBoost,
    now = Date.now(),
  ): Promise<boolean> {
    const boost: Boost = {
      id: generateBoostId(),
      extraRequestsPerMinute: paid.extraRequestsPerMinute,
      extraWsConnections: paid.extraWsConnections,
      grantedAt: now,
      expiresAt: now + paid.durationSeconds * 1000,
    };
    const outcome = await this.grantBoost(
      [
        this.keys.accountBoosts(accountId),
        this.keys.accountApiKeys(accountId),
        this.keys.apiKeyIndex(),
        this.keys.paidBoostSession(sessionId),
      ],
      boost.id,
      boostToJson(boost),
      boost.expiresAt,
      now,
      NO_CAP,
      this.keys.apiKeyChangesChannel(),
      PAID_SESSION_MEMORY_MS,
    );
    return outcome === 'granted';
  }

  private async announce(accountId: string): Promise<void> {
    await this.announceKeys(
      [this.keys.accountApiKeys(accountId), this.keys.apiKeyIndex()],
      this.keys.apiKeyChangesChannel(),
    );
  }
}
