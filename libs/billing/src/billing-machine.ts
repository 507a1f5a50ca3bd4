import { type BillingState, FREE_PLAN_ID } from './subscription-state';

/**
 * The account's billing as a state machine, in one place (docs/accounts-and-billing.md draws it).
 * The state itself is read from Stripe (`billingStateOf`): these phases name what it can be, the
 * table says which event moves it where, and `customerMove` decides what a customer's request is
 * and whether the phase allows it (the plan-change endpoint asks it).
 */
export type BillingPhase =
  /** No live subscription: the `free` plan (never subscribed, or the paid plan ended). */
  | 'free'
  /** A paid plan, nothing scheduled. */
  | 'active'
  /** A paid plan with a cheaper one scheduled for the period end (a subscription schedule). */
  | 'downgrading'
  /** A paid plan that ends at the period end (`cancel_at_period_end`). */
  | 'cancelling'
  /** A renewal was declined: the plan stays (grace) while Stripe retries the card. */
  | 'past_due';

/** What moves the phase: a customer's request, or what Stripe reports (webhook or reconciliation). */
export type BillingEvent =
  | 'checkout-paid'
  | 'upgrade-paid'
  | 'upgrade-declined'
  | 'downgrade-asked'
  | 'cancel-asked'
  | 'scheduled-withdrawn'
  | 'renewal-paid'
  | 'renewal-declined'
  | 'period-ended'
  | 'retries-exhausted'
  | 'extra-subscription-paid';

type Table = Readonly<Record<BillingPhase, Partial<Readonly<Record<BillingEvent, BillingPhase>>>>>;

/**
 * Every transition; an event a phase does not list cannot happen there (a request for it is
 * refused) or changes nothing (a late, repeated or reordered webhook: the state is re-read from
 * Stripe, so it lands where Stripe is). `upgrade-declined` and `extra-subscription-paid` change
 * nothing by design: the declined change's invoice is voided, the extra subscription cancelled and
 * refunded (CONTRACT section 10).
 */
export const BILLING_TRANSITIONS: Table = {
  free: { 'checkout-paid': 'active' },
  active: {
    'upgrade-paid': 'active',
    'upgrade-declined': 'active',
    'downgrade-asked': 'downgrading',
    'cancel-asked': 'cancelling',
    'renewal-paid': 'active',
    'renewal-declined': 'past_due',
    'extra-subscription-paid': 'active',
  },
  downgrading: {
    'upgrade-paid': 'active',
    'upgrade-declined': 'downgrading',
    'downgrade-asked': 'downgrading',
    'cancel-asked': 'cancelling',
    'scheduled-withdrawn': 'active',
    'renewal-paid': 'active',
    'renewal-declined': 'past_due',
    'extra-subscription-paid': 'downgrading',
  },
  cancelling: {
    'upgrade-paid': 'active',
    'upgrade-declined': 'cancelling',
    'downgrade-asked': 'downgrading',
    'cancel-asked': 'cancelling',
    'scheduled-withdrawn': 'active',
    'period-ended': 'free',
    'extra-subscription-paid': 'cancelling',
  },
  past_due: {
    'renewal-paid': 'active',
    'retries-exhausted': 'free',
    'extra-subscription-paid': 'past_due',
  },
};

export function phaseOf(state: BillingState): BillingPhase {
  const subscription = state.subscription;
  if (state.plan === FREE_PLAN_ID || !subscription) return 'free';
  if (subscription.status === 'past_due') return 'past_due';
  if (subscription.pendingPlan === FREE_PLAN_ID) return 'cancelling';
  return subscription.pendingPlan ? 'downgrading' : 'active';
}

/** Where `event` takes `phase`; undefined when it cannot happen there. */
export function nextPhase(phase: BillingPhase, event: BillingEvent): BillingPhase | undefined {
  return BILLING_TRANSITIONS[phase][event];
}

/** A customer's request as the machine reads it. */
export type CustomerMove =
  'checkout-paid' | 'upgrade-paid' | 'downgrade-asked' | 'cancel-asked' | 'scheduled-withdrawn';

/**
 * What asking for `target` is from `state` (plans ranked by `rank`, cheapest first), and whether its
 * phase allows it: `refused` when it does not (409), `nothing` for the current plan with nothing
 * scheduled (400).
 */
export function customerMove(
  state: BillingState,
  target: string,
  rank: (plan: string) => number,
): CustomerMove | 'refused' | 'nothing' {
  const phase = phaseOf(state);
  const move = moveOf(phase, state, target, rank);
  if (move === 'nothing') return move;
  return nextPhase(phase, move) === undefined ? 'refused' : move;
}

function moveOf(
  phase: BillingPhase,
  state: BillingState,
  target: string,
  rank: (plan: string) => number,
): CustomerMove | 'nothing' {
  if (phase === 'free') return 'checkout-paid';
  if (target === state.plan) return state.subscription?.pendingPlan ? 'scheduled-withdrawn' : 'nothing';
  if (target === FREE_PLAN_ID) return 'cancel-asked';
  return rank(target) > rank(state.plan) ? 'upgrade-paid' : 'downgrade-asked';
}
