// The gateway's account API, as this page uses it. The access token lives only in this module's
// memory; the refresh token is the HttpOnly cookie (path /api/v1/auth), which no script can read.

/** An answer other than 2xx, with the service's {code, message}. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const REFRESH_EARLY_SECONDS = 60;
let accessToken = null;
let refreshTimer;
let refreshing = null;
let onSessionEnd = () => {};

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(method, path, { body, bearer, apiKey, accept, background, keepalive } = {}) {
  const headers = {};
  if (accept) headers.accept = accept;
  // The page's own refresh: counted apart from the account's 60 requests a minute.
  if (background) headers['x-refresh'] = 'background';
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (apiKey) headers['x-api-key'] = apiKey;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: keepalive === true,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service could not be reached');
  }
  return response;
}

async function call(method, path, options = {}) {
  const response = await send(method, path, options);
  const text = await response.text();
  const answer = text ? parse(text) : undefined;
  if (!response.ok) {
    throw new ApiError(response.status, answer?.code ?? 'HTTP', answer?.message ?? response.statusText);
  }
  return answer;
}

function keep(answer) {
  accessToken = answer.accessToken;
  clearTimeout(refreshTimer);
  const seconds = Math.max(5, answer.expiresIn - REFRESH_EARLY_SECONDS);
  refreshTimer = setTimeout(() => void refresh().catch(() => undefined), seconds * 1000);
}

function forget() {
  accessToken = null;
  clearTimeout(refreshTimer);
}

/**
 * Sends the refresh; the browser's lock makes other tabs of this origin wait for it. `keepalive`:
 * a page left mid-refresh (a reload right after a return from Checkout) would drop the answer, and
 * with it the new cookie of a rotation the service has made: the next load would send the spent one,
 * which ends the sign-in. A keepalive request outlives its page, so the new cookie still lands.
 */
function sendRefresh() {
  const send = () => call('POST', '/api/v1/auth/refresh', { keepalive: true });
  return navigator.locks ? navigator.locks.request('pds-account-refresh', send) : send();
}

/**
 * One refresh at a time, in this tab and across tabs: the cookie rotates, and a spent one sent
 * twice would end the sign-in. A tab that waited sends the cookie the other tab's refresh set.
 */
function refresh() {
  refreshing ??= sendRefresh()
    .then(keep, (error) => {
      if (error.status === 401 && accessToken !== null) {
        forget();
        onSessionEnd();
      }
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export const auth = {
  whenSessionEnds(callback) {
    onSessionEnd = callback;
  },
  signedIn: () => accessToken !== null,
  register: (email, password) => call('POST', '/api/v1/auth/register', { body: { email, password } }),
  /** Confirms the email with the mailed token and the sign-up password, and signs in. */
  async confirmEmail(token, password) {
    keep(await call('POST', '/api/v1/auth/verify-email', { body: { token, password } }));
  },
  resendVerification: (email) => call('POST', '/api/v1/auth/verify-email/resend', { body: { email } }),
  forgotPassword: (email) => call('POST', '/api/v1/auth/password/forgot', { body: { email } }),
  resetPassword: (token, password) =>
    call('POST', '/api/v1/auth/password/reset', { body: { token, password } }),
  async signIn(email, password) {
    keep(await call('POST', '/api/v1/auth/login', { body: { email, password } }));
  },
  /**
   * A reload: the refresh cookie, if there is a live one, gives a new access token. Asked first
   * whether there is one at all (only the server sees it), so a first visit makes no failing call.
   */
  async restore() {
    const { refreshCookie } = await call('GET', '/api/v1/auth/session');
    if (!refreshCookie) return false;
    try {
      await refresh();
      return true;
    } catch (error) {
      if (error.status === 401) return false;
      throw error;
    }
  },
  async signOut() {
    try {
      await call('POST', '/api/v1/auth/logout', { bearer: accessToken });
    } finally {
      forget();
    }
  },
};

/**
 * An account operation with the access token; an expired one is refreshed once and the call
 * retried. `background`: the page's own refresh of GET /api/v1/account, which the service counts
 * apart from the account's limit.
 */
export async function account(method, path, body, { background = false } = {}) {
  try {
    return await call(method, path, { body, bearer: accessToken, background });
  } catch (error) {
    if (error.status !== 401 || accessToken === null) throw error;
    await refresh();
    return call(method, path, { body, bearer: accessToken, background });
  }
}

/** An account operation's answer as a file (CSV), with the access token: no token in a URL. */
export async function accountFile(path, accept) {
  let response = await send('GET', path, { bearer: accessToken, accept });
  if (response.status === 401 && accessToken !== null) {
    await refresh();
    response = await send('GET', path, { bearer: accessToken, accept });
  }
  if (!response.ok) {
    const answer = parse(await response.text());
    throw new ApiError(response.status, answer?.code ?? 'HTTP', answer?.message ?? response.statusText);
  }
  return response.blob();
}

/** A public operation, or one made with an API key (the key's own view of itself). */
export const open = (path, apiKey) => call('GET', path, { apiKey });
