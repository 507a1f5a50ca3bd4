import type { Provider } from '@nestjs/common';
import { AccountBilling, StripeSync } from '@pds/billing';
import { PlanCatalogue } from '../../entitlements';
import { STRIPE, type StripeClient } from './stripe.provider';

/** Applies Stripe's state to an account (the code the webhooks and reconciliation use); undefined without Stripe. */
export const STRIPE_SYNC = Symbol('STRIPE_SYNC');
export type StripeSyncClient = StripeSync | undefined;

export const stripeSyncProvider: Provider = {
  provide: STRIPE_SYNC,
  inject: [STRIPE, AccountBilling, PlanCatalogue],
  useFactory: (stripe: StripeClient, billing: AccountBilling, catalogue: PlanCatalogue): StripeSyncClient =>
    stripe ? new StripeSync(stripe, billing, catalogue) : undefined,
};
