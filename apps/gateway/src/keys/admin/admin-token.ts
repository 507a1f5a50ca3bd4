import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerTokenOf } from '../authentication/bearer-token';

/** What an admin request's Authorization header amounts to, before the token is compared. */
export type AdminCredentials =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'present'; readonly token: string };

/** `Authorization: Bearer <token>`; with ADMIN_TOKEN unset every admin operation is disabled. */
export function readAdminCredentials(
  configured: string | undefined,
  authorization: string | string[] | undefined,
): AdminCredentials {
  if (!configured) return { kind: 'disabled' };
  const token = bearerTokenOf(authorization);
  return token === undefined ? { kind: 'missing' } : { kind: 'present', token };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Compares in constant time: both sides are hashed first, so the comparison takes as long whatever
 * the length or content of the guess (timingSafeEqual itself needs equal lengths).
 */
export class AdminTokenCheck {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digest(token);
  }

  matches(candidate: string): boolean {
    return timingSafeEqual(this.expected, digest(candidate));
  }
}
