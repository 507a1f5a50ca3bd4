import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'pds_refresh';
/** The refresh token goes only to the auth operations. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/**
 * The refresh token in an HttpOnly, SameSite=Strict cookie (scripts cannot read it, other sites
 * cannot send it), Secure when the request came over TLS (Fastify's protocol, which honours the
 * trusted proxy's X-Forwarded-Proto).
 */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: request.protocol === 'https',
  });
}

/** Parsed here, not by a hook on every request (the cookie plugin is registered with `hook: false`). */
export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  const token = header === undefined ? undefined : request.server.parseCookie(header)[REFRESH_COOKIE];
  return token === undefined || token === '' ? undefined : token;
}
