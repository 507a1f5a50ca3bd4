// Sign up, the "check your mail" step, sign in, forgotten password and the mailed links
// (/account?verify=<token> and /account?reset=<token>). Passwords are read from the form, sent once
// and cleared; they are never logged or stored.
import { auth } from './api.js';
import { $, clearMessages, onSubmit, showError, showNotice, showView } from './dom.js';
import { inWords } from './words.js';

let resetToken = null;

function field(data, name) {
  return String(data.get(name) ?? '');
}

/** A mailed token is taken out of the address bar (and so out of history) before anything else. */
export function takeMailedToken() {
  const query = new URLSearchParams(location.search);
  const found = { verify: query.get('verify'), reset: query.get('reset') };
  if (found.verify !== null || found.reset !== null) {
    history.replaceState(null, '', location.pathname);
  }
  return found;
}

export async function confirmEmail(token) {
  try {
    await auth.verifyEmail(token);
    showNotice('Your email address is confirmed. Sign in to get your API keys.');
  } catch (error) {
    showError(inWords(error, 'verify'));
  }
}

export function askForNewPassword(token) {
  resetToken = token;
  $('reset-card').hidden = false;
  showNotice('Choose a new password below.');
}

/** Wires the forms; `onSignedIn` opens the account once a sign-in succeeds. */
export function wireSignedOut(onSignedIn) {
  onSubmit($('sign-in'), async (data) => {
    const form = $('sign-in');
    try {
      await auth.signIn(field(data, 'email'), field(data, 'password'));
      form.reset();
      clearMessages();
      await onSignedIn();
    } catch (error) {
      form.elements.password.value = '';
      showError(inWords(error, 'signIn'));
    }
  });

  onSubmit($('sign-up'), async (data) => {
    const email = field(data, 'email');
    try {
      await auth.register(email, field(data, 'password'));
      $('sign-up').reset();
      clearMessages();
      $('check-mail-address').textContent = email;
      showView('check-mail');
    } catch (error) {
      $('sign-up').elements.password.value = '';
      showError(inWords(error, 'signUp'));
    }
  });

  onSubmit($('forgot'), async (data) => {
    try {
      await auth.forgotPassword(field(data, 'email'));
      showNotice('If an account has this address, a reset link is on its way. It works for 1 hour.');
    } catch (error) {
      showError(inWords(error, 'forgot'));
    }
  });

  onSubmit($('reset'), async (data) => {
    try {
      await auth.resetPassword(resetToken, field(data, 'password'));
      resetToken = null;
      $('reset').reset();
      $('reset-card').hidden = true;
      showNotice('Your password is changed and every other sign-in has ended. Sign in with the new one.');
    } catch (error) {
      $('reset').elements.password.value = '';
      showError(inWords(error, 'reset'));
    }
  });

  $('back-to-sign-in').addEventListener('click', () => {
    clearMessages();
    showView('signed-out');
  });
}
