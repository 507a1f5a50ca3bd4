// The service's errors in words for people. The service's own message is kept where it already
// says what happened (limits, locks, validation); a few answers get the words of this page's step.

const BY_SITUATION = {
  signIn: {
    401: 'Wrong email or password.',
    403: 'Your email address is not confirmed yet: open the link in the mail we sent you, then sign in.',
  },
  verify: {
    400: 'This confirmation link has expired or is not valid. Sign in with your email and password: the page then offers to send a new link.',
    401: 'That is not the password you signed up with. Try again, or use “Forgot your password?”: its link confirms your address too.',
    409: 'This email address is already confirmed; sign in.',
  },
  reset: {
    400: 'This reset link is invalid, already used or expired. Ask for a new one with “Forgot your password?”.',
  },
  billing: {
    404: 'Paid plans and boosts are not offered by this server.',
  },
  resend: {
    404: 'This server cannot send the mail again yet. Sign up again with the same email to get a new link.',
  },
  changePlan: {
    404: 'Plan changes are not offered by this server yet; use “Manage billing”.',
    409: 'There is no live subscription to change: choose the plan with its Upgrade button.',
  },
  invoices: {
    404: 'Invoices are not offered by this server yet.',
  },
  usage: {
    404: 'Usage history is not offered by this server.',
  },
};

const BY_STATUS = {
  0: 'The service could not be reached. Check your connection and try again.',
  413: 'That was too long to send.',
  503: 'The service is not available right now. Try again in a minute.',
};

/** What to tell the person about `error` (an ApiError) during `situation` (a key of BY_SITUATION). */
export function inWords(error, situation) {
  if (situation === 'changePlan' && error.status === 409 && /past due/.test(error.message ?? '')) {
    return 'A payment is past due: fix it first with “Fix payment” at the top of the page.';
  }
  const specific = BY_SITUATION[situation]?.[error.status];
  if (specific) return specific;
  if (error.status === 429 && situation === 'signIn') return `Sign-in is locked. ${error.message}`;
  if (BY_STATUS[error.status]) return BY_STATUS[error.status];
  if (error.status >= 500 || !error.message) {
    return 'Something went wrong on our side. Try again in a moment.';
  }
  return error.message.endsWith('.') ? error.message : `${error.message}.`;
}
