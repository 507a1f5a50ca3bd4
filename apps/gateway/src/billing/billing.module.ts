import { Module } from '@nestjs/common';
import { AccountBilling } from '@pds/accounts';
import { AccessModule } from '../access/access.module';
import { AccountsModule } from '../accounts/accounts.module';
import { PlansModule } from '../plans/plans.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutPages } from './checkout/checkout-pages';
import { StripeCustomers } from './checkout/stripe-customers';
import { PlansController } from './plans.controller';
import { stripeProvider } from './stripe/stripe.provider';
import { StripeWebhooks } from './webhooks/stripe-webhooks';
import { WebhookMetrics } from './webhooks/webhook-metrics';

/** The billing and boosts areas: plans on sale, Stripe Checkout and portal, Stripe's webhooks. */
@Module({
  // The account guard needs the address brute-force guard that AccessModule provides.
  imports: [PlansModule, AccessModule, AccountsModule],
  controllers: [PlansController, CheckoutController],
  providers: [stripeProvider, StripeCustomers, CheckoutPages, AccountBilling, WebhookMetrics, StripeWebhooks],
})
export class BillingModule {}
