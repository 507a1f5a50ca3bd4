// The subscription in words, the same everywhere on the page. Only a live subscription of a paid
// plan is shown: once a plan has ended (cancelled now, or retries exhausted) the account is on
// `free` and nothing says "ends …" any more.

import { planName } from './dom.js';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** The account's live subscription, or null (free, or a subscription that has ended). */
export function liveSubscription(me) {
  const subscription = me.subscription;
  if (me.plan === 'free' || !subscription || !LIVE.has(subscription.status)) return null;
  return subscription;
}

/** A plan change waiting for the end of the period, whichever name the answer gives it. */
export function pendingPlanOf(subscription) {
  return (
    subscription?.pendingPlan ?? subscription?.scheduledPlan ?? subscription?.pendingChange?.plan ?? null
  );
}

const dayOf = (iso) => iso.slice(0, 10);

/** One line: "active, renews 2026-12-25", "changes to pro on …", "ends …", or "payment failed …". */
export function subscriptionWords(me) {
  const subscription = liveSubscription(me);
  if (!subscription) return '';
  const end = dayOf(subscription.currentPeriodEnd);
  if (subscription.status === 'past_due') return 'payment failed, Stripe is retrying the card';
  const pending = pendingPlanOf(subscription);
  if (pending) return `${subscription.status}, changes to ${planName(pending)} on ${end}`;
  if (subscription.cancelAtPeriodEnd) return `${subscription.status}, ends ${end}`;
  return `${subscription.status}, renews ${end}`;
}
