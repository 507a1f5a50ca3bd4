import { EventLog } from '../../ledger/event-log';
import { Ledger } from '../../ledger/ledger';
import type { CheckoutSession, StripeEvent, Subscription } from '../../ledger/objects';
import { DEFAULT_PRICES } from '../../ledger/price-catalogue';
import { SimClock } from '../../ledger/sim-clock';
import { Charges } from '../charges';
import { CheckoutCompletion } from '../checkout-completion';
import { Invoicing } from '../invoicing';
import { PendingUpdates } from '../pending-updates';
import { PlanChange } from '../plan-change';
import { SubscriptionSchedules } from '../schedules';
import { newCheckoutSession } from '../new-checkout-session';
import { SubscriptionLifecycle } from '../subscription-lifecycle';

const START = Date.parse('2026-11-23T04:00:00Z');

/** The simulator's billing parts on a clock fixed at 2026-11-23 04:00Z, with every event recorded. */
export function setUpBilling() {
  const ledger = new Ledger(new SimClock(() => START), DEFAULT_PRICES);
  const events = new EventLog(ledger, '2026-10-28.endive');
  const published: StripeEvent[] = [];
  events.onEvent((event) => published.push(event));
  const checkout = new CheckoutCompletion(ledger, events);
  const invoicing = new Invoicing(ledger);
  const charges = new Charges(ledger, events);
  const schedules = new SubscriptionSchedules(ledger, events);
  const pending = new PendingUpdates(ledger, events, charges);
  const lifecycle = new SubscriptionLifecycle(ledger, events, invoicing, charges, schedules, pending);
  const planChange = new PlanChange(ledger, events, invoicing, charges, pending);
  const session = (mode: CheckoutSession['mode'], priceId: string): CheckoutSession => {
    const request = {
      mode,
      customer: null,
      customerEmail: 'a@example.com',
      items: [{ price: ledger.prices.get(priceId)!, quantity: 1 }],
      clientReferenceId: 'acc_1',
      metadata: { account_id: 'acc_1' },
      subscriptionMetadata: {},
      successUrl: 'http://app/ok?s={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app/no',
    };
    const made = newCheckoutSession(request, ledger.clock.nowSeconds(), 'http://sim');
    ledger.sessions.set(made.id, made);
    return made;
  };
  const subscribe = (): Subscription => {
    const paid = session('subscription', 'price_pro_monthly');
    checkout.pay(paid);
    return ledger.subscriptions.get(paid.subscription!)!;
  };
  const types = (): string[] => published.splice(0).map((event) => event.type);
  return { ledger, checkout, lifecycle, charges, schedules, pending, planChange, session, subscribe, types };
}
