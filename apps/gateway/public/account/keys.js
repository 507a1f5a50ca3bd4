// The account's API keys: the list, a new key shown once (copy, open the demo with it), and
// revoking with a confirmation. The newest key made on this page stays in memory only (to copy it
// and to show its usage first); it is gone after a reload, as the service never shows a key twice.
import { account } from './api.js';
import { $, clearMessages, el, onSubmit, showError, showNotice, when } from './dom.js';
import { inWords } from './words.js';

const KEYS = '/api/v1/account/api-keys';
let held = null; // { id, key, name }

export const heldKey = () => held;

function stateOf(key) {
  return key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active';
}

/** The row's last cell: Revoke, then "Revoke <name>? Yes / Cancel" in place of it. */
function revokeCell(key, onChange) {
  const cell = el('td');
  if (key.revokedAt) return cell;
  const ask = el('button', { type: 'button', class: 'secondary' }, 'Revoke');
  ask.addEventListener('click', () => {
    const yes = el('button', { type: 'button', class: 'danger' }, 'Yes, revoke');
    const no = el('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const question = el('span', { class: 'confirm', role: 'group' }, `Revoke “${key.name}”? `, yes, no);
    no.addEventListener('click', () => question.replaceWith(ask));
    yes.addEventListener('click', () => void revoke(key, onChange));
    ask.replaceWith(question);
    no.focus();
  });
  cell.append(ask);
  return cell;
}

async function revoke(key, onChange) {
  try {
    await account('DELETE', `${KEYS}/${encodeURIComponent(key.id)}`);
    if (held?.id === key.id) held = null;
    showNotice(`The key “${key.name}” is revoked: it stops working at once.`);
    await onChange();
  } catch (error) {
    showError(inWords(error, 'keys'));
  }
}

export async function renderKeys(onChange) {
  const { apiKeys } = await account('GET', KEYS);
  const rows = apiKeys.map((key) =>
    el(
      'tr',
      { 'data-key-id': key.id, 'data-state': key.revokedAt ? 'revoked' : 'active' },
      el('td', {}, key.name),
      el('td', {}, when(key.createdAt)),
      el('td', {}, when(key.lastUsedAt)),
      el('td', {}, stateOf(key)),
      revokeCell(key, onChange),
    ),
  );
  $('keys').replaceChildren(...rows);
  if (apiKeys.length === 0) $('keys').append(el('tr', {}, el('td', { colspan: '5' }, 'No keys yet.')));
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
  $('new-key-value').select();
}

function hideNewKey() {
  $('new-key').hidden = true;
  $('new-key-value').value = '';
}

async function copyKey() {
  try {
    await navigator.clipboard.writeText($('new-key-value').value);
    showNotice('The key is copied.');
  } catch {
    $('new-key-value').select();
    showNotice('Copying is blocked here: the key is selected, copy it with Ctrl+C (⌘C).');
  }
}

export function wireKeys(onChange) {
  onSubmit($('create-key'), async (data) => {
    try {
      const created = await account('POST', KEYS, { name: String(data.get('name') ?? '') });
      held = { id: created.id, key: created.key, name: created.name };
      $('create-key').reset();
      clearMessages();
      showNewKey(created);
      await onChange();
    } catch (error) {
      showError(inWords(error, 'keys'));
    }
  });
  $('copy-key').addEventListener('click', () => void copyKey());
  $('hide-key').addEventListener('click', hideNewKey);
  $('open-demo').addEventListener('click', openDemoWithKey);
}

export function forgetKeys() {
  held = null;
  hideNewKey();
  $('keys').replaceChildren();
}
