import { linkParameter, type MailSink, mailTo, type ReceivedMail } from '@pds/testing';
import { requestJson } from './admin-api';
import type { JsonResponse } from './gateway-harness';

/** The secret the tests' gateways sign access tokens with. */
export const JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';
export const PASSWORD = 'correct horse battery staple';
export const REFRESH_COOKIE = 'pds_refresh';

/** The environment of a gateway whose account mails go to `sink`. */
export function accountsEnv(sink: MailSink): Record<string, string> {
  return {
    AUTH_JWT_SECRET: JWT_SECRET,
    SMTP_URL: sink.url,
    PUBLIC_BASE_URL: 'https://prices.example.test',
    // The tests speak for clients of many addresses through X-Forwarded-For from loopback.
    TRUSTED_PROXIES: 'loopback',
  };
}

export interface RefreshCookie {
  readonly value: string;
  /** The Set-Cookie line as sent, attributes included. */
  readonly line: string;
}

/** The refresh cookie a response sets, if any. */
export function refreshCookieOf(response: JsonResponse): RefreshCookie | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return undefined;
  const value = line.slice(REFRESH_COOKIE.length + 1).split(';')[0] ?? '';
  return { value, line };
}

/** The auth operations of one gateway, as a client calls them. */
export function authApi(baseUrl: string) {
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    requestJson('POST', `${baseUrl}/api/v1/auth${path}`, { body, headers });
  const withCookie = (refreshToken: string) => ({ cookie: `${REFRESH_COOKIE}=${refreshToken}` });
  return {
    register: (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
      post('/register', { email, password }, headers),
    verifyEmail: (token: string, password = PASSWORD, headers: Record<string, string> = {}) =>
      post('/verify-email', { token, password }, headers),
    resendVerification: (email: string) => post('/verify-email/resend', { email }),
    login: (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
      post('/login', { email, password }, headers),
    refresh: (refreshToken: string) => post('/refresh', undefined, withCookie(refreshToken)),
    logout: (refreshToken: string) => post('/logout', undefined, withCookie(refreshToken)),
    forgot: (email: string) => post('/password/forgot', { email }),
    reset: (token: string, password: string) => post('/password/reset', { token, password }),
    account: (accessToken: string) =>
      requestJson('GET', `${baseUrl}/api/v1/account`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }),
  };
}

/** A mail to `email` whose link carries `parameter`, not one of `seen` (tokens already used). */
export async function mailedToken(
  sink: MailSink,
  email: string,
  parameter: 'verify' | 'reset',
  seen: readonly string[] = [],
): Promise<string> {
  const isNew = (mail: ReceivedMail): boolean => {
    const token = linkParameter(mail, parameter);
    return mailTo(email)(mail) && token !== undefined && !seen.includes(token);
  };
  const mail = await sink.waitForMail(isNew);
  return linkParameter(mail, parameter) ?? '';
}

export interface SignedInUser {
  readonly email: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Registers, verifies through the mailed link and signs in, as a new user does. */
export async function signUp(baseUrl: string, sink: MailSink, email: string): Promise<SignedInUser> {
  const api = authApi(baseUrl);
  expect((await api.register(email)).status).toBe(202);
  expect((await api.verifyEmail(await mailedToken(sink, email, 'verify'))).status).toBe(200);
  const login = await api.login(email);
  expect(login.status).toBe(200);
  const { accessToken } = login.body as { accessToken: string };
  return { email, accessToken, refreshToken: refreshCookieOf(login)?.value ?? '' };
}
