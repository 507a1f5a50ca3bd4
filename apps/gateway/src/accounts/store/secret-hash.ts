import { createHash } from 'node:crypto';

/**
 * The lookup hash of a random secret (a mailed token, a refresh token) or of a value kept only
 * hashed (an email, an address): a plain SHA-256, as the secrets are long and random.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
