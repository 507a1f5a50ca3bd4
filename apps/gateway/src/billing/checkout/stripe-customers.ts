import { Inject, Injectable } from '@nestjs/common';
import { REDIS_COMMAND, RedisKeys, type RedisClient, RedisScripts, type RunScript } from '@pds/redis';
import type Stripe from 'stripe';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { invalidSessionToken } from '../../accounts';
import { fromStripe } from '../stripe/stripe-call';
import { RECORD_STRIPE_CUSTOMER } from './stripe-customer.lua';

/** One Stripe customer per account, made the first time the account pays and recorded once. */
@Injectable()
export class StripeCustomers {
  private readonly recordCustomer: RunScript<string | null>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.recordCustomer = scripts.bind(RECORD_STRIPE_CUSTOMER);
  }

  /** The account's customer id, made now if it has none. */
  async customerOf(stripe: Stripe, accountId: string, email: string): Promise<string> {
    const recorded = await fromStorage(this.redis.hget(this.keys.account(accountId), 'stripeCustomerId'));
    if (recorded) return recorded;
    // The idempotency key makes concurrent first checkouts of one account get the same customer.
    const customer = await fromStripe(
      stripe.customers.create(
        { email, metadata: { accountId } },
        { idempotencyKey: `pds-customer-${accountId}` },
      ),
    );
    const winner = await fromStorage(
      this.recordCustomer(
        [this.keys.account(accountId), this.keys.stripeCustomerAccounts(), this.keys.billedAccounts()],
        customer.id,
        accountId,
      ),
    );
    if (!winner) throw invalidSessionToken();
    return winner;
  }
}
