import { Module } from '@nestjs/common';
import { AccountBilling } from '@pds/billing';
import { AccountsModule } from '../accounts';
import { EntitlementsModule } from '../entitlements';
import { CheckoutController } from './checkout.controller';
import { CheckoutPages } from './checkout/checkout-pages';
import { StripeCustomers } from './checkout/stripe-customers';
import { AccountInvoices } from './invoices/account-invoices';
import { BillingMails } from './mail/billing-mails';
import { BillingNotices } from './mail/billing-notices';
import { PlansController } from './plans.controller';
import { SubscriptionController } from './subscription.controller';
import { AccountSubscription } from './subscription/account-subscription';
import { PlanChangePreview } from './subscription/plan-change-preview';
import { PlanChangeQuotes } from './subscription/plan-change-quotes';
import { PlanChanges } from './subscription/plan-changes';
import { stripeSyncProvider } from './stripe/stripe-sync.provider';
import { stripeProvider } from './stripe/stripe.provider';
import { StripeWebhooks } from './webhooks/stripe-webhooks';
import { WebhookMetrics } from './webhooks/webhook-metrics';

/**
 * Stripe: plans on sale, Checkout and portal, plan changes and invoices of the live subscription,
 * Stripe's webhooks and the billing mails. It reads and writes accounts and entitlements only
 * through what AccountsModule and EntitlementsModule export, and @pds/billing.
 */
@Module({
  imports: [EntitlementsModule, AccountsModule],
  controllers: [PlansController, CheckoutController, SubscriptionController],
  providers: [
    stripeProvider,
    stripeSyncProvider,
    StripeCustomers,
    CheckoutPages,
    AccountBilling,
    WebhookMetrics,
    StripeWebhooks,
    AccountSubscription,
    PlanChangeQuotes,
    PlanChanges,
    PlanChangePreview,
    AccountInvoices,
    BillingMails,
    BillingNotices,
  ],
})
export class BillingModule {}
