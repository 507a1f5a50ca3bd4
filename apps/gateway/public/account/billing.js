// Plan and billing (GET /api/v1/billing/plans): a free account upgrades through Stripe Checkout; a
// live subscription changes plan in place (plan-change.js: up once its previewed charge is confirmed
// and paid, down at the end of the paid period); a failed renewal shows "Fix payment" at the top
// (past-due.js); the customer portal only once there is a Stripe customer. Every answer is said
// beside the button that asked.
import { account, open } from './api.js';
import { $, busy, clearFleetingNotice, el, sayError, unsay } from './dom.js';
import { renderInvoices } from './invoices.js';
import { renderPastDue, showFixPaymentIfAsked } from './past-due.js';
import { askToUpgrade, changeLater, hidePlanConfirmation, wirePlanChanges } from './plan-change.js';
import { liveSubscription, pendingPlanOf, subscriptionWords } from './subscription.js';
import { inWords } from './words.js';

let plans = [];
let boosts = [];
let shownState = null;

function price({ amount, currency, interval }) {
  const money = `${amount} ${currency.toUpperCase()}`;
  return interval ? `${money} a ${interval}` : money;
}

function duration(seconds) {
  const [count, unit] =
    seconds % 86400 === 0 ? [seconds / 86400, 'day'] : [Math.round(seconds / 3600), 'hour'];
  return count === 1 ? `1 ${unit}` : `${count} ${unit}s`;
}

/** Asks the service for a hosted page and goes there; an error stays beside `group`'s button. */
async function goTo(button, path, body, group) {
  await busy(button, async () => {
    try {
      const { url } = await account('POST', path, body);
      location.assign(url);
    } catch (error) {
      sayError(group, inWords(error, 'billing'));
    }
  });
}

const planNamed = (id) => plans.find((plan) => plan.id === id);
const isUpgrade = (from, to) => Number(to.price.amount) > Number(from?.price.amount ?? 0);

function offerButton(plan, me) {
  const current = planNamed(me.plan);
  // Past due, every change is refused (409) until the payment is fixed: "Fix payment" is at the top.
  if (liveSubscription(me)?.status === 'past_due') return null;
  if (liveSubscription(me)) {
    const change = el('button', { type: 'button' }, `Change to ${plan.name}`);
    change.addEventListener('click', () => {
      if (isUpgrade(current, plan)) void askToUpgrade(change, current, plan);
      else void changeLater(change, current, plan);
    });
    return change;
  }
  if (Number(plan.price.amount) === 0) return null;
  const upgrade = el('button', { type: 'button' }, `Upgrade · ${price(plan.price)}`);
  upgrade.addEventListener('click', () => {
    void goTo(upgrade, '/api/v1/billing/checkout', { plan: plan.id }, 'plans');
  });
  return upgrade;
}

/** The current plan while a change is scheduled: keeping it withdraws the change. */
function keepButton(plan, pending) {
  const keep = el('button', { type: 'button', class: 'secondary' }, `Keep ${plan.name}`);
  keep.addEventListener(
    'click',
    () => void changeLater(keep, plan, plan, planNamed(pending)?.name ?? pending),
  );
  return keep;
}

function planOffer(plan, me) {
  const limits = `${plan.requestsPerMinute} requests a minute, ${plan.wsConnections} WebSocket connections, ${plan.apiKeys} keys`;
  const offer = el(
    'div',
    { class: 'offer', 'data-plan': plan.id },
    el('strong', {}, plan.name),
    el('span', {}, `${limits} · ${price(plan.price)}`),
  );
  const pending = pendingPlanOf(liveSubscription(me));
  if (plan.id === me.plan) {
    offer.append(el('span', { class: 'badge' }, 'your plan'));
    if (pending) offer.append(keepButton(plan, pending));
  } else if (plan.id === pending) offer.append(el('span', { class: 'badge' }, 'scheduled'));
  else {
    const button = offerButton(plan, me);
    if (button) offer.append(button);
  }
  return offer;
}

function boostOffer(boost) {
  const extras = `+${boost.extraRequestsPerMinute} requests a minute, +${boost.extraWsConnections} connections for ${duration(boost.durationSeconds)}`;
  const buy = el('button', { type: 'button' }, `Buy · ${price(boost.price)}`);
  buy.addEventListener('click', () => {
    void goTo(buy, '/api/v1/billing/boosts/checkout', { boost: boost.id }, 'boost-offers');
  });
  return el(
    'div',
    { class: 'offer', 'data-boost': boost.id },
    el('strong', {}, boost.name),
    el('span', {}, extras),
    buy,
  );
}

function renderStatus(me) {
  const words = subscriptionWords(me);
  $('plan-status').textContent =
    `Your plan: ${planNamed(me.plan)?.name ?? me.plan}${words ? ` (${words})` : ''}.`;
  $('portal').hidden = !me.stripeCustomer;
}

/** What the plan section shows depends on; a change (a webhook landed) redraws it. */
function stateOf(me) {
  const subscription = liveSubscription(me);
  return JSON.stringify([me.plan, me.stripeCustomer, subscription, pendingPlanOf(subscription)]);
}

function renderOffers(me) {
  $('billing-note').textContent = liveSubscription(me)
    ? 'A higher plan shows what it charges now and applies once that is paid; a lower one applies from the end of the paid period.'
    : 'Paid through Stripe Checkout; you come back here when it is done.';
  renderStatus(me);
  hidePlanConfirmation();
  $('plans').replaceChildren(...plans.map((plan) => planOffer(plan, me)));
  $('boost-offers').replaceChildren(...boosts.map(boostOffer));
}

/** The whole section: the catalogue, the offers for the account's state, its invoices. */
export async function renderBilling(me) {
  let catalogue;
  try {
    catalogue = await open('/api/v1/billing/plans');
  } catch (error) {
    $('billing-note').textContent = inWords(error, 'billing');
    $('plans').replaceChildren();
    $('boost-offers').replaceChildren();
    return;
  }
  ({ plans, boosts } = catalogue);
  shownState = stateOf(me);
  renderOffers(me);
  renderPastDue(me, await renderInvoices(me));
  showFixPaymentIfAsked();
}

/** On every live refresh: redrawn only when the plan or subscription changed (its invoices too). */
export async function followBilling(me) {
  if (plans.length === 0 || stateOf(me) === shownState) return;
  shownState = stateOf(me);
  // The news of a return from the portal is old once the billing has moved on.
  clearFleetingNotice();
  renderOffers(me);
  renderPastDue(me, await renderInvoices(me));
}

export function wireBilling(refresh) {
  wirePlanChanges(refresh);
  $('portal').addEventListener('click', (event) => {
    void goTo(event.currentTarget, '/api/v1/billing/portal', undefined, 'portal');
  });
  $('fix-payment').addEventListener('click', (event) => {
    event.preventDefault();
    unsay('portal');
    void goTo($('portal'), '/api/v1/billing/portal', undefined, 'portal');
  });
}
