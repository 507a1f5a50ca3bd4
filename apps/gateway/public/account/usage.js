// For the key chosen in the picker (at first the one made on this page, else the one in use, else
// the newest) its usage
// this minute against the limits in effect, and its active boosts, as the account's answer carries
// them, read again every few seconds; the choice stays across those reads.
import { $, el, when } from './dom.js';
import { madeKey } from './keys.js';

const OPERATION_NAMES = {
  getCurrentPrice: 'Current price',
  getKlines: 'Klines',
  getCurrentKline: 'Current kline',
  getIndex: 'Index price',
  getIndexKlines: 'Index klines',
};

export const operationName = (operation) => OPERATION_NAMES[operation] ?? operation;

/** "12 of 40"; the window counts refused requests too, so past the limit: "40 of 40, 5 refused". */
function requestsWords(used, limit) {
  return used > limit ? `${limit} of ${limit}, ${used - limit} refused` : `${used} of ${limit}`;
}

function usageRow(usage, limits) {
  return el(
    'tr',
    { 'data-operation': usage.operation },
    el('td', { 'data-label': 'Operation' }, operationName(usage.operation)),
    el(
      'td',
      { 'data-label': 'Requests this minute' },
      requestsWords(usage.requestsUsed, limits.requestsPerMinute),
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

let chosenKeyId = null;
let keyInUseId = null;
let lastAccount = null;

const useOf = (key) =>
  key.usage.reduce((sum, usage) => sum + usage.requestsUsed + usage.wsConnectionsOpen, 0);

/** The key with the most use this minute, if any is in use. */
function busiest(keys) {
  const [top] = keys.filter((key) => useOf(key) > 0).sort((a, b) => useOf(b) - useOf(a));
  return top;
}

/**
 * The key to show: the one picked, else the one made on this page, else the busiest when first seen
 * in use (kept, so the view does not hop between busy keys), else the newest.
 */
function keyToShow(me, keys) {
  keyInUseId ??= busiest(keys)?.id ?? null;
  const byId = (id) => keys.find((each) => each.id === id);
  return byId(chosenKeyId) ?? madeKey(me) ?? byId(keyInUseId) ?? keys.at(-1);
}

/** The picker lists the live keys; it is rebuilt only when they change, so an open list stays open. */
function showPicker(keys, key) {
  const picker = $('usage-key');
  const ids = keys.map((each) => each.id).join(',');
  if (picker.dataset.keys !== ids) {
    picker.replaceChildren(...keys.map((each) => el('option', { value: each.id }, each.name)));
    picker.dataset.keys = ids;
  }
  picker.value = key.id;
  $('usage-key-label').hidden = false;
}

/** Usage of one live key of the account, from GET /api/v1/account (no key needed to read it). */
export function renderUsage(me) {
  lastAccount = me;
  const keys = me.keys ?? [];
  const key = keyToShow(me, keys);
  if (!key) {
    $('usage-key-label').hidden = true;
    $('usage-table').hidden = true;
    $('usage-note').textContent =
      'Create a key to watch its usage here live. Boosts apply to every key of the account.';
    $('boosts').replaceChildren();
    return;
  }
  showPicker(keys, key);
  $('usage-note').textContent = `Key “${key.name}”, against the limits in effect (see Your limits).`;
  $('usage').replaceChildren(...key.usage.map((usage) => usageRow(usage, key.effectiveLimits)));
  $('usage-table').hidden = false;
  const boosts = key.boosts.map(boostItem);
  $('boosts').replaceChildren(...(boosts.length ? boosts : [el('li', {}, 'None active.')]));
}

export function wireUsage() {
  $('usage-key').addEventListener('change', (event) => {
    chosenKeyId = event.currentTarget.value;
    if (lastAccount) renderUsage(lastAccount);
  });
}

export function forgetUsage() {
  chosenKeyId = null;
  keyInUseId = null;
  lastAccount = null;
}
