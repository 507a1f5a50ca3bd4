// The account page: restores the sign-in from the refresh cookie on every load, handles the mailed
// links, and once signed in keeps the account, usage and limits fresh without a reload.
import { auth } from './api.js';
import { followBilling, renderBilling, wireBilling } from './billing.js';
import { $, clearError, showError, showFleetingNotice, showNotice, showView } from './dom.js';
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
  clearError(); // the page has caught up: an earlier error about it is no longer true
  return me;
}

async function refreshAll() {
  const me = await refreshLive();
  await Promise.all([renderKeys(refreshAfterAction), renderBilling(me), renderHistory()]);
}

/**
 * A refresh that failed: the next one catches up, so a busy limit (429) or a lost connection says
 * nothing, and nothing ever replaces what an action said it did.
 */
function refreshFailed(error) {
  if (!auth.signedIn() || error.status === 429 || error.status === 0) return;
  showError(inWords(error, 'account'));
}

/** After an action that was made: the page follows it, and a failed refresh never reads as its failure. */
const refreshAfterAction = () => refreshAll().catch(refreshFailed);

/** One loop per tab, reading only while the tab is seen; a tab coming back into sight reads at once. */
function stayLive() {
  clearInterval(liveTimer);
  liveTimer = setInterval(() => {
    if (!document.hidden) refreshLive().catch(refreshFailed);
  }, LIVE_EVERY_MS);
}

function refreshWhenSeen() {
  if (!document.hidden && auth.signedIn()) refreshLive().catch(refreshFailed);
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
      // Gone once the billing moves, or after 10 s: a change already shown at load never moves it.
      showFleetingNotice(outcomes.return, 10_000);
    } else if (outcomes[outcome]) showNotice(outcomes[outcome]);
  }
}

async function start() {
  wireSignedOut(enter);
  wireKeys(refreshAfterAction);
  wireBilling(refreshAfterAction);
  document.addEventListener('visibilitychange', refreshWhenSeen);
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
