// The account's API keys: the list (name and prefix), a new key shown once (copy, open the demo
// with it), and revoking with a confirmation. The newest key made on this page stays in memory only
// (to copy it and to show its usage first); it is gone after a reload, as the service never shows
// a key twice. What each control did is said beside it.
import { account } from './api.js';
import { $, el, onSubmit, pressed, say, sayError, unsay, when } from './dom.js';
import { inWords } from './words.js';

const KEYS = '/api/v1/account/api-keys';
let held = null; // { id, key, name }

export const heldKey = () => held;

function stateOf(key) {
  return key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active';
}

/** The row's last cell: Revoke, then "Revoke <name>? Yes / Cancel" in place of it. */
function revokeCell(key, onChange) {
  const cell = el('td', { 'data-label': '' });
  if (key.revokedAt) return cell;
  const ask = el('button', { type: 'button', class: 'secondary' }, 'Revoke');
  ask.addEventListener('click', () => {
    const yes = el('button', { type: 'button', class: 'danger' }, 'Yes, revoke');
    const no = el('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const question = el('span', { class: 'confirm', role: 'group' }, `Revoke “${key.name}”? `, yes, no);
    no.addEventListener('click', () => question.replaceWith(ask));
    yes.addEventListener('click', () => void revoke(key, yes, onChange));
    ask.replaceWith(question);
    no.focus();
  });
  cell.append(ask);
  return cell;
}

async function revoke(key, button, onChange) {
  button.disabled = true;
  try {
    await account('DELETE', `${KEYS}/${encodeURIComponent(key.id)}`);
    if (held?.id === key.id) held = null;
    say('keys', `The key “${key.name}” is revoked: it stops working at once.`);
    await onChange();
  } catch (error) {
    button.disabled = false;
    sayError('keys', inWords(error, 'keys'));
  }
}

function keyRow(key, onChange) {
  return el(
    'tr',
    { 'data-key-id': key.id, 'data-state': key.revokedAt ? 'revoked' : 'active' },
    el('td', { 'data-label': 'Name' }, key.name),
    el('td', { 'data-label': 'Key', class: 'mono' }, key.prefix ? `${key.prefix}…` : '—'),
    el('td', { 'data-label': 'Created' }, when(key.createdAt)),
    el('td', { 'data-label': 'Last used' }, when(key.lastUsedAt)),
    el('td', { 'data-label': 'State' }, stateOf(key)),
    revokeCell(key, onChange),
  );
}

export async function renderKeys(onChange) {
  const { apiKeys } = await account('GET', KEYS);
  $('keys').replaceChildren(...apiKeys.map((key) => keyRow(key, onChange)));
  if (apiKeys.length === 0) $('keys').append(el('tr', {}, el('td', { colspan: '6' }, 'No keys yet.')));
}

/**
 * The demo page asks the page that opened it for the key (public/demo/app.js), so the key goes over
 * postMessage between two pages of this origin: never into a URL, and not into storage here.
 */
const DEMO_KEY_REQUEST = 'pds-demo-key-request';
const DEMO_KEY_ANSWER = 'pds-demo-key';

function openDemoWithKey(event) {
  const key = $('new-key-value').value;
  if (!key) return; // a plain link to /demo, where the key can be pasted
  event.preventDefault();
  const demo = window.open('/demo', '_blank');
  if (!demo) return;
  const answer = (message) => {
    if (message.origin !== location.origin || message.source !== demo) return;
    if (message.data !== DEMO_KEY_REQUEST) return;
    window.removeEventListener('message', answer);
    demo.postMessage({ type: DEMO_KEY_ANSWER, key }, location.origin);
  };
  window.addEventListener('message', answer);
}

function showNewKey(created) {
  $('new-key-value').value = created.key;
  $('new-key').hidden = false;
  unsay('copy');
  $('new-key-value').select();
}

function hideNewKey() {
  $('new-key').hidden = true;
  $('new-key-value').value = '';
  unsay('copy');
}

async function copyKey() {
  const button = $('copy-key');
  try {
    await navigator.clipboard.writeText($('new-key-value').value);
    pressed(button, 'Copied');
    say('copy', 'The key is copied.');
  } catch {
    $('new-key-value').select();
    sayError('copy', 'Copying is blocked here: the key is selected, copy it with Ctrl+C (⌘C).');
  }
}

export function wireKeys(onChange) {
  onSubmit(
    $('create-key'),
    async (data) => {
      try {
        const created = await account('POST', KEYS, { name: String(data.get('name') ?? '') });
        held = { id: created.id, key: created.key, name: created.name };
        $('create-key').reset();
        showNewKey(created);
        await onChange();
      } catch (error) {
        sayError('keys', inWords(error, 'keys'));
      }
    },
    'keys',
  );
  $('copy-key').addEventListener('click', () => void copyKey());
  $('hide-key').addEventListener('click', hideNewKey);
  $('open-demo').addEventListener('click', openDemoWithKey);
}

export function forgetKeys() {
  held = null;
  hideNewKey();
  unsay('keys');
  $('keys').replaceChildren();
}

/** The live key to show usage and limits for: the one made on this page, else the account's newest. */
export function shownKey(me) {
  const keys = me.keys ?? [];
  return madeKey(me) ?? keys.at(-1);
}

/** The live key made on this page, if any. */
export function madeKey(me) {
  return (me.keys ?? []).find((key) => key.id === held?.id);
}
