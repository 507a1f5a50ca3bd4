import { BILLING_TRANSITIONS, customerMove, nextPhase, phaseOf } from './billing-machine';
import type { BillingState } from './subscription-state';

const RANK: Record<string, number> = { free: 0, pro: 1, business: 2 };
const rank = (plan: string): number => RANK[plan] ?? -1;

function stateOf(plan: string, status = 'active', pendingPlan: string | null = null): BillingState {
  return {
    plan,
    subscription: {
      id: 'sub_1',
      status: status as 'active',
      currentPeriodEnd: '2026-12-28T00:00:00.000Z',
      cancelAtPeriodEnd: pendingPlan === 'free',
      pendingPlan,
    },
  };
}

describe('the billing machine', () => {
  it('should name the phase of each state read from Stripe', () => {
    expect(phaseOf({ plan: 'free', subscription: null })).toBe('free');
    expect(phaseOf(stateOf('pro'))).toBe('active');
    expect(phaseOf(stateOf('business', 'active', 'pro'))).toBe('downgrading');
    expect(phaseOf(stateOf('pro', 'active', 'free'))).toBe('cancelling');
    expect(phaseOf(stateOf('pro', 'past_due'))).toBe('past_due');
  });

  it('should leave the phase as it was when an upgrade is declined or an extra subscription is paid', () => {
    for (const phase of ['active', 'downgrading', 'cancelling'] as const) {
      expect(nextPhase(phase, 'upgrade-declined')).toBe(phase);
      expect(nextPhase(phase, 'extra-subscription-paid')).toBe(phase);
    }
  });

  it('should refuse every change of plan while past due, and read the others as their moves', () => {
    expect(customerMove(stateOf('pro', 'past_due'), 'business', rank)).toBe('refused');
    expect(customerMove(stateOf('pro', 'past_due'), 'free', rank)).toBe('refused');
    expect(customerMove(stateOf('pro'), 'business', rank)).toBe('upgrade-paid');
    expect(customerMove(stateOf('business'), 'pro', rank)).toBe('downgrade-asked');
    expect(customerMove(stateOf('pro'), 'free', rank)).toBe('cancel-asked');
    expect(customerMove(stateOf('pro', 'active', 'free'), 'free', rank)).toBe('cancel-asked');
    expect(customerMove(stateOf('pro', 'active', 'free'), 'pro', rank)).toBe('scheduled-withdrawn');
    expect(customerMove(stateOf('pro'), 'pro', rank)).toBe('nothing');
    expect(customerMove({ plan: 'free', subscription: null }, 'pro', rank)).toBe('checkout-paid');
  });

  it('should end every paid phase on free only through a cancellation or exhausted retries', () => {
    const toFree = Object.entries(BILLING_TRANSITIONS).flatMap(([from, events]) =>
      Object.entries(events)
        .filter(([, to]) => to === 'free')
        .map(([event]) => `${from} --${event}`),
    );
    expect(toFree).toEqual(['cancelling --period-ended', 'past_due --retries-exhausted']);
  });
});
