// Plans and boosts (GET /api/v1/billing/plans): an upgrade goes to Stripe Checkout and comes back
// here, a boost is bought the same way, and the customer portal manages the subscription.
import { account, open } from './api.js';
import { $, el, showError } from './dom.js';
import { inWords } from './words.js';

function price({ amount, currency, interval }) {
  const money = `${amount} ${currency.toUpperCase()}`;
  return interval ? `${money} a ${interval}` : money;
}

function duration(seconds) {
  const [count, unit] =
    seconds % 86400 === 0 ? [seconds / 86400, 'day'] : [Math.round(seconds / 3600), 'hour'];
  return count === 1 ? `1 ${unit}` : `${count} ${unit}s`;
}

/** Asks the service for a hosted page and goes there; errors stay on this page, in words. */
async function goTo(path, body) {
  try {
    const { url } = await account('POST', path, body);
    location.assign(url);
  } catch (error) {
    showError(inWords(error, 'billing'));
  }
}

function planOffer(plan, currentPlan) {
  const limits = `${plan.requestsPerMinute} requests a minute, ${plan.wsConnections} WebSocket connections, ${plan.apiKeys} keys`;
  const offer = el(
    'div',
    { class: 'offer', 'data-plan': plan.id },
    el('strong', {}, plan.name),
    el('span', {}, limits),
  );
  if (plan.id === currentPlan) {
    offer.append(el('span', { class: 'badge' }, 'your plan'));
  } else if (Number(plan.price.amount) > 0) {
    const upgrade = el('button', { type: 'button' }, `Upgrade · ${price(plan.price)}`);
    upgrade.addEventListener('click', () => void goTo('/api/v1/billing/checkout', { plan: plan.id }));
    offer.append(upgrade);
  }
  return offer;
}

function boostOffer(boost) {
  const extras = `+${boost.extraRequestsPerMinute} requests a minute, +${boost.extraWsConnections} connections for ${duration(boost.durationSeconds)}`;
  const buy = el('button', { type: 'button' }, `Buy · ${price(boost.price)}`);
  buy.addEventListener('click', () => void goTo('/api/v1/billing/boosts/checkout', { boost: boost.id }));
  return el(
    'div',
    { class: 'offer', 'data-boost': boost.id },
    el('strong', {}, boost.name),
    el('span', {}, extras),
    buy,
  );
}

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
  $('billing-note').textContent = 'Paid through Stripe Checkout; you come back here when it is done.';
  $('plans').replaceChildren(...catalogue.plans.map((plan) => planOffer(plan, me.plan)));
  $('boost-offers').replaceChildren(...catalogue.boosts.map(boostOffer));
  $('portal').hidden = me.subscription === null;
}

export function wireBilling() {
  $('portal').addEventListener('click', () => void goTo('/api/v1/billing/portal'));
}
