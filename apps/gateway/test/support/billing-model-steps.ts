import { submitForm } from '@pds/testing';
import type fc from 'fast-check';
import { subscribe } from './billing-stack';
import {
  api,
  type BillingModel,
  type BillingReal,
  type Delivery,
  deliveryWords,
  expectMatches,
  isUpgrade,
  type PlanId,
  PRICE_CENTS,
  sim,
  subscriptionOf,
  withWebhooks,
} from './billing-model';

/** The steps of the billing model test: each runs on the real stack, then checks it against the model. */
type Step = fc.AsyncCommand<BillingModel, BillingReal>;

/** Checkout and payment of a paid plan, from free. */
export class Subscribe implements Step {
  constructor(
    readonly plan: 'pro' | 'business',
    readonly delivery: Delivery = 'in-order',
  ) {}
  check = (m: Readonly<BillingModel>) => m.status === 'none' && !m.cardDeclines;
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await withWebhooks(real, this.delivery, async () => {
      await subscribe(real.stack.gateways[0], real.user, this.plan);
    });
    real.customer ||=
      (await real.stack.harness.redis.hget(
        real.stack.harness.keys.account(real.accountId),
        'stripeCustomerId',
      )) ?? '';
    Object.assign(m, { plan: this.plan, status: 'active', pending: null });
    m.charged += PRICE_CENTS[this.plan];
    await expectMatches(m, real);
  }
  toString = () => `Subscribe(${this.plan}${deliveryWords(this.delivery)})`;
}

/** POST /api/v1/billing/subscription, after the preview for an upgrade. */
export class ChangePlan implements Step {
  constructor(readonly plan: PlanId) {}
  check = (m: Readonly<BillingModel>) => m.status !== 'none';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    const upgrade = isUpgrade(m.plan, this.plan) && m.status === 'active';
    const quoted = upgrade ? ((await api(real).preview(this.plan)).body as { amountDue: string }) : undefined;
    const answer = await api(real).changePlan(this.plan);
    const expected = this.expectedStatus(m);
    if (answer.status !== expected)
      throw new Error(`${this.toString()}: ${answer.status} ${JSON.stringify(answer.body)}, not ${expected}`);
    if (answer.status !== 200) return expectMatches(m, real);
    if (upgrade) {
      Object.assign(m, { plan: this.plan, pending: null });
      m.charged += Math.round(Number(quoted?.amountDue) * 100);
    } else if (this.plan === m.plan)
      m.pending = null; // the scheduled change withdrawn
    else m.pending = this.plan; // scheduled (asking again for what is scheduled changes nothing)
    await expectMatches(m, real);
  }
  private expectedStatus(m: Readonly<BillingModel>): number {
    if (m.status === 'past_due') return 409;
    if (this.plan === m.plan && m.pending === null) return 400;
    if (isUpgrade(m.plan, this.plan) && m.cardDeclines) return 402;
    return 200;
  }
  toString = () => `ChangePlan(${this.plan})`;
}

/** The card declines from now on (the simulator's `fail-next-renewal`), or works again. */
export class SetCard implements Step {
  constructor(readonly declines: boolean) {}
  check = (m: Readonly<BillingModel>) => m.status !== 'none' && m.cardDeclines !== this.declines;
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await sim(
      real,
      `/subscriptions/${await subscriptionOf(real)}/${this.declines ? 'fail-next-renewal' : 'fix-card'}`,
    );
    m.cardDeclines = this.declines;
    await expectMatches(m, real);
  }
  toString = () => (this.declines ? 'CardDeclines' : 'CardFixed');
}

/** The test clock to the period end: the renewal, with whatever was scheduled. */
export class PeriodEnd implements Step {
  constructor(readonly delivery: Delivery = 'in-order') {}
  check = (m: Readonly<BillingModel>) => m.status === 'active';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    const id = await subscriptionOf(real);
    await withWebhooks(real, this.delivery, () => sim(real, `/subscriptions/${id}/advance-to-period-end`));
    if (m.pending === 'free') Object.assign(m, { plan: 'free', status: 'none', pending: null });
    else {
      Object.assign(m, { plan: m.pending ?? m.plan, pending: null });
      if (m.cardDeclines) m.status = 'past_due';
      else m.charged += PRICE_CENTS[m.plan];
    }
    await expectMatches(m, real);
  }
  toString = () => `PeriodEnd(${deliveryWords(this.delivery).slice(2)})`;
}

/** 16 days on the test clock while past due: Stripe's retries pay the renewal, or end the plan. */
export class RetriesRun implements Step {
  check = (m: Readonly<BillingModel>) => m.status === 'past_due';
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    await sim(real, '/clock/advance', { seconds: 16 * 86_400 });
    if (m.cardDeclines) Object.assign(m, { plan: 'free', status: 'none', pending: null });
    else {
      m.status = 'active';
      m.charged += PRICE_CENTS[m.plan];
    }
    await expectMatches(m, real);
  }
  toString = () => 'RetriesRun';
}

/**
 * A second subscription paid around the gateway's Checkout (a race the expiry cannot see): it is
 * cancelled and refunded at once, and the account stays as it was.
 */
export class ExtraSubscription implements Step {
  constructor(readonly plan: 'pro' | 'business') {}
  check = (m: Readonly<BillingModel>) => m.status === 'active' && !m.cardDeclines;
  async run(m: BillingModel, real: BillingReal): Promise<void> {
    const session = await real.stack.sim.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: real.customer,
      client_reference_id: real.accountId,
      line_items: [{ price: `price_${this.plan}_monthly`, quantity: 1 }],
      metadata: { accountId: real.accountId, plan: this.plan },
      success_url: 'http://app.example/ok',
    });
    await submitForm(session.url ?? '', 'Pay');
    await expectMatches(m, real);
  }
  toString = () => `ExtraSubscription(${this.plan})`;
}
