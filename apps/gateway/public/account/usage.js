// For one of the account's keys (the one made on this page, else the newest) its usage this
// minute against the limits in effect, and its active boosts, as the account's answer carries
// them, read again every few seconds.
import { $, el, when } from './dom.js';
import { shownKey } from './keys.js';

const OPERATION_NAMES = {
  getCurrentPrice: 'Current price',
  getKlines: 'Klines',
  getCurrentKline: 'Current kline',
};

export const operationName = (operation) => OPERATION_NAMES[operation] ?? operation;

function usageRow(usage, limits) {
  return el(
    'tr',
    { 'data-operation': usage.operation },
    el('td', { 'data-label': 'Operation' }, operationName(usage.operation)),
    el(
      'td',
      { 'data-label': 'Requests this minute' },
      `${usage.requestsUsed} of ${limits.requestsPerMinute}`,
    ),
    el(
      'td',
      { 'data-label': 'WebSocket connections' },
      `${usage.wsConnectionsOpen} of ${limits.wsConnections}`,
    ),
  );
}

function boostItem(boost) {
  const extras = [];
  if (boost.extraRequestsPerMinute) extras.push(`+${boost.extraRequestsPerMinute} requests a minute`);
  if (boost.extraWsConnections) extras.push(`+${boost.extraWsConnections} WebSocket connections`);
  return el('li', { 'data-boost-id': boost.id }, `${extras.join(', ')} until ${when(boost.expiresAt)}`);
}

/** Usage of one live key of the account, from GET /api/v1/account (no key needed to read it). */
export function renderUsage(me) {
  const key = shownKey(me);
  if (!key) {
    $('usage-table').hidden = true;
    $('usage-note').textContent =
      'Create a key to watch its usage here live. Boosts apply to every key of the account.';
    $('boosts').replaceChildren();
    return;
  }
  $('usage-note').textContent = `Key “${key.name}”, against the limits in effect (see Your limits).`;
  $('usage').replaceChildren(...key.usage.map((usage) => usageRow(usage, key.effectiveLimits)));
  $('usage-table').hidden = false;
  const boosts = key.boosts.map(boostItem);
  $('boosts').replaceChildren(...(boosts.length ? boosts : [el('li', {}, 'None active.')]));
}
