// Sign up, the "check your mail" step (with "send the mail again"), sign in, forgotten password and
// the mailed links (/account?verify=<token>, confirmed with the sign-up password, and
// /account?reset=<token>). Passwords are read from
// the form, sent once and cleared; they are never logged or stored. Every answer is said beside
// the form that asked.
import { auth } from './api.js';
import { $, busy, onSubmit, say, sayError, showNotice, showView, unsay } from './dom.js';
import { inWords } from './words.js';

let resetToken = null;
let confirmToken = null;
let unconfirmedEmail = '';

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

/** A verification link: the password of the sign-up confirms the address and signs in. */
export function askToConfirm(token) {
  confirmToken = token;
  $('confirm-card').hidden = false;
  $('confirm').elements.password.focus();
}

function wireConfirm(onSignedIn) {
  onSubmit($('confirm'), async (data) => {
    const form = $('confirm');
    try {
      await auth.confirmEmail(confirmToken, field(data, 'password'));
      confirmToken = null;
      form.reset();
      $('confirm-card').hidden = true;
      await onSignedIn();
      showNotice('Your email address is confirmed and you are signed in.');
    } catch (error) {
      form.elements.password.value = '';
      if (error.status === 400 || error.status === 409) {
        // The link is of no more use: the answer goes where the person signs in now.
        $('confirm-card').hidden = true;
        sayError('sign-in', inWords(error, 'verify'));
      } else {
        sayError('confirm', inWords(error, 'verify'));
      }
    }
  });
}

export function askForNewPassword(token) {
  resetToken = token;
  $('reset-card').hidden = false;
  say('reset', 'Choose a new password for your account.');
}

/** POST verify-email/resend for `email`, answered beside `group`'s controls. */
async function resend(button, email, group) {
  await busy(button, async () => {
    try {
      await auth.resendVerification(email);
      say(group, `A new confirmation link is on its way to ${email}. It works for 24 hours.`);
    } catch (error) {
      sayError(group, inWords(error, 'resend'));
    }
  });
}

function wireSignIn(onSignedIn) {
  onSubmit($('sign-in'), async (data) => {
    const form = $('sign-in');
    $('resend-after-sign-in').hidden = true;
    try {
      await auth.signIn(field(data, 'email'), field(data, 'password'));
      form.reset();
      await onSignedIn();
    } catch (error) {
      form.elements.password.value = '';
      sayError('sign-in', inWords(error, 'signIn'));
      if (error.status === 403) {
        unconfirmedEmail = field(data, 'email');
        $('resend-after-sign-in').hidden = false;
      }
    }
  });
  $('resend-after-sign-in').addEventListener('click', (event) => {
    void resend(event.currentTarget, unconfirmedEmail, 'sign-in');
  });
}

function wireSignUp() {
  onSubmit($('sign-up'), async (data) => {
    const email = field(data, 'email');
    try {
      await auth.register(email, field(data, 'password'));
      $('sign-up').reset();
      $('check-mail-address').textContent = email;
      unsay('check-mail');
      showView('check-mail');
    } catch (error) {
      $('sign-up').elements.password.value = '';
      sayError('sign-up', inWords(error, 'signUp'));
    }
  });
  $('resend-verification').addEventListener('click', (event) => {
    void resend(event.currentTarget, $('check-mail-address').textContent, 'check-mail');
  });
  $('back-to-sign-in').addEventListener('click', () => showView('signed-out'));
}

function wirePasswordReset() {
  onSubmit($('forgot'), async (data) => {
    try {
      await auth.forgotPassword(field(data, 'email'));
      say('forgot', 'If an account has this address, a reset link is on its way. It works for 1 hour.');
    } catch (error) {
      sayError('forgot', inWords(error, 'forgot'));
    }
  });

  onSubmit($('reset'), async (data) => {
    try {
      await auth.resetPassword(resetToken, field(data, 'password'));
      resetToken = null;
      $('reset').reset();
      $('reset-card').hidden = true;
      say('sign-in', 'Your password is changed and every other sign-in has ended. Sign in with the new one.');
    } catch (error) {
      $('reset').elements.password.value = '';
      sayError('reset', inWords(error, 'reset'));
    }
  });
}

/** Wires the forms; `onSignedIn` opens the account once a sign-in succeeds. */
export function wireSignedOut(onSignedIn) {
  wireConfirm(onSignedIn);
  wireSignIn(onSignedIn);
  wireSignUp();
  wirePasswordReset();
}
