// The top of the account: email, plan and subscription, and the one place that explains the limits:
// what the plan gives, what active boosts add, and what is in effect for every key.
import { account } from './api.js';
import { $, planName } from './dom.js';
import { shownKey } from './keys.js';
import { subscriptionWords } from './subscription.js';

function extra(effective, plan) {
  return effective > plan ? `+${effective - plan}` : '—';
}

function renderLimits(me) {
  const plan = me.limits;
  const key = shownKey(me);
  const effective = key?.effectiveLimits ?? plan;
  $('limit-requests').textContent = String(plan.requestsPerMinute);
  $('limit-ws').textContent = String(plan.wsConnections);
  $('limit-keys').textContent = String(plan.apiKeys);
  $('boost-requests').textContent = extra(effective.requestsPerMinute, plan.requestsPerMinute);
  $('boost-ws').textContent = extra(effective.wsConnections, plan.wsConnections);
  $('effective-requests').textContent = String(effective.requestsPerMinute);
  $('effective-ws').textContent = String(effective.wsConnections);
  $('effective-keys').textContent = String(plan.apiKeys);
}

/** The account's answer (GET /api/v1/account, the page's own refresh), kept for the other sections. */
export async function renderAccount() {
  const me = await account('GET', '/api/v1/account', undefined, { background: true });
  $('account-email').textContent = me.email;
  $('account-plan').textContent = planName(me.plan);
  const words = subscriptionWords(me);
  $('subscription').textContent = words ? `(${words})` : '';
  renderLimits(me);
  document.body.dataset.plan = me.plan;
  return me;
}
