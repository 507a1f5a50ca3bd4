import { hash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'pds_';

/** A new API key: 256 random bits, URL-safe, with a prefix that secret scanners can recognise. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Keys are random and long, so a plain SHA-256 is a safe, fast lookup hash (no salt or KDF needed). */
export function hashApiKey(key: string): string {
  // One-shot hash: no Hash object per request (a tenth of the key check's cost).
  return hash('sha256', key, 'hex');
}

/**
 * The start of a key kept beside its hash so that people can tell their keys apart: the fixed
 * `pds_` and 4 random characters (24 of the key's 256 bits, which leaves it as hard to guess).
 */
export function keyPrefixOf(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

export function generateKeyId(): string {
  return randomBytes(8).toString('hex');
}
