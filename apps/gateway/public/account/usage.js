// The account's plan and limits, and for one of its keys (the one made on this page, else the
// newest) its live usage, effective limits (plan plus boosts) and active boosts, as the account's
// answer carries them, read again every few seconds.
import { account } from './api.js';
import { $, el, when } from './dom.js';
import { heldKey } from './keys.js';

const OPERATION_NAMES = {
  getCurrentPrice: 'Current price',
  getKlines: 'Klines',
  getCurrentKline: 'Current kline',
};

/** The account's answer (GET /api/v1/account), kept for the billing section. */
export async function renderAccount() {
  const me = await account('GET', '/api/v1/account');
  $('account-email').textContent = me.email;
  $('account-plan').textContent = me.plan;
  const subscription = me.subscription;
  $('subscription').textContent = subscription
    ? `(${subscription.status}${subscription.cancelAtPeriodEnd ? ', ends' : ', renews'} ${when(subscription.currentPeriodEnd)})`
    : '';
  $('limit-requests').textContent = String(me.limits.requestsPerMinute);
  $('limit-ws').textContent = String(me.limits.wsConnections);
  $('limit-keys').textContent = String(me.limits.apiKeys);
  document.body.dataset.plan = me.plan;
  return me;
}

function usageRow(usage, limits) {
  return el(
    'tr',
    { 'data-operation': usage.operation },
    el('td', {}, OPERATION_NAMES[usage.operation] ?? usage.operation),
    el('td', {}, `${usage.requestsUsed} of ${limits.requestsPerMinute}`),
    el('td', {}, `${usage.wsConnectionsOpen} of ${limits.wsConnections}`),
  );
}

function boostItem(boost) {
  const extras = [];
  if (boost.extraRequestsPerMinute) extras.push(`+${boost.extraRequestsPerMinute} requests a minute`);
  if (boost.extraWsConnections) extras.push(`+${boost.extraWsConnections} WebSocket connections`);
  return el('li', { 'data-boost-id': boost.id }, `${extras.join(', ')} until ${when(boost.expiresAt)}`);
}

/** The key to show: the one made on this page while it is live, else the account's newest. */
function shownKey(keys) {
  const held = heldKey();
  return keys.find((key) => key.id === held?.id) ?? keys.at(-1);
}

/** Usage of one live key of the account, from GET /api/v1/account (no key needed to read it). */
export function renderUsage(me) {
  const key = shownKey(me.keys ?? []);
  if (!key) {
    $('usage-table').hidden = true;
    $('usage-note').textContent =
      'Create a key to watch its usage here live. Boosts apply to every key of the account.';
    $('boosts').replaceChildren();
    return;
  }
  $('usage-note').textContent = `Key “${key.name}”: effective limits are your plan’s plus active boosts.`;
  $('usage').replaceChildren(...key.usage.map((usage) => usageRow(usage, key.effectiveLimits)));
  $('usage-table').hidden = false;
  const boosts = key.boosts.map(boostItem);
  $('boosts').replaceChildren(...(boosts.length ? boosts : [el('li', {}, 'None active.')]));
}
