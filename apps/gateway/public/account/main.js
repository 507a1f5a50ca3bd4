// The account page: restores the sign-in from the refresh cookie on every load, handles the mailed
// links, and once signed in keeps the account, usage and limits fresh without a reload.
import { auth } from './api.js';
import { followBilling, renderBilling, wireBilling } from './billing.js';
import { $, showError, showFleetingNotice, showNotice, showView } from './dom.js';
import { forgetHistory, renderHistory, wireHistory } from './history.js';
import { forgetKeys, renderKeys, wireKeys } from './keys.js';
import { renderAccount } from './limits.js';
import { noteReturnFromPortal } from './past-due.js';
import { askForNewPassword, askToConfirm, takeMailedToken, wireSignedOut } from './signed-out.js';
import { forgetUsage, renderUsage, wireUsage } from './usage.js';
import { inWords } from './words.js';

const LIVE_EVERY_MS = 5000;
let liveTimer;

async function refreshLive() {
  const me = await renderAccount();
  renderUsage(me);
  await followBilling(me);
  return me;
}

async function refreshAll() {
  const me = await refreshLive();
  await Promise.all([renderKeys(refreshAll), renderBilling(me), renderHistory()]);
}

function stayLive() {
  clearInterval(liveTimer);
  liveTimer = setInterval(() => {
    // A tab out of sight reads nothing: its reads count toward the account's 60 requests a minute.
    if (document.hidden) return;
    refreshLive().catch((error) => {
      if (auth.signedIn()) showError(inWords(error, 'account'));
    });
  }, LIVE_EVERY_MS);
}

async function enter() {
  showView('signed-in');
  await refreshAll();
  stayLive();
}

function leave(text) {
  clearInterval(liveTimer);
  forgetKeys();
  forgetUsage();
  forgetHistory();
  showView('signed-out');
  if (text) showNotice(text);
}

async function signOut() {
  try {
    await auth.signOut();
    leave('You are signed out.');
  } catch (error) {
    leave();
    showError(inWords(error, 'signOut'));
  }
}

const RETURNS = {
  checkout: {
    success: 'Payment received: your new plan’s limits apply within seconds.',
    canceled: 'Checkout was cancelled; nothing was charged and your plan is unchanged.',
  },
  boost: {
    success: 'Payment received: your boost applies to every key within seconds.',
    canceled: 'The boost was not bought; nothing was charged.',
  },
  portal: {
    return: 'Back from the billing portal: what you changed there shows here within seconds.',
  },
};

/**
 * A return from Stripe Checkout (?checkout= or ?boost=) or the portal (?portal=return): the change
 * follows Stripe's webhook, so the page says so while it catches up.
 */
function takeCheckoutReturn() {
  const query = new URLSearchParams(location.search);
  for (const [parameter, outcomes] of Object.entries(RETURNS)) {
    const outcome = query.get(parameter);
    if (outcome === null) continue;
    history.replaceState(null, '', location.pathname);
    if (parameter === 'portal') {
      noteReturnFromPortal();
      showFleetingNotice(outcomes.return);
    } else if (outcomes[outcome]) showNotice(outcomes[outcome]);
  }
}

async function start() {
  wireSignedOut(enter);
  wireKeys(refreshAll);
  wireBilling(refreshAll);
  wireHistory();
  wireUsage();
  $('sign-out').addEventListener('click', () => void signOut());
  auth.whenSessionEnds(() => leave('Your session has ended. Sign in again.'));

  const mailed = takeMailedToken();
  takeCheckoutReturn();
  let restored = false;
  try {
    // A mailed link is for someone not signed in yet: it opens its form, not the account.
    restored = mailed.reset === null && mailed.verify === null && (await auth.restore());
  } catch (error) {
    showError(inWords(error, 'restore'));
  }
  if (restored) {
    await enter();
  } else {
    showView('signed-out');
  }
  if (mailed.verify !== null) askToConfirm(mailed.verify);
  if (mailed.reset !== null) askForNewPassword(mailed.reset);
  document.body.dataset.ready = 'true';
}

start().catch((error) => showError(inWords(error, 'account')));
