import type { Provider } from '@nestjs/common';
import { createStripeClient } from '@pds/billing';
import type Stripe from 'stripe';
import { GatewayEnvironment } from '../../gateway.environment';

/** The official client, or undefined when no secret key is configured (billing answers 503). */
export const STRIPE = Symbol('STRIPE');

export type StripeClient = Stripe | undefined;

export const stripeProvider: Provider = {
  provide: STRIPE,
  inject: [GatewayEnvironment],
  useFactory: (env: GatewayEnvironment): StripeClient => createStripeClient(env),
};
