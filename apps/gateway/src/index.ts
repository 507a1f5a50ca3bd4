/**
 * The gateway's public entry point for code outside it (bench, tools, tests of other folders):
 * the API-key store, to provision keys in Redis the way the gateway reads them; and the pieces the
 * bench's rate-limited baseline reuses (key hash, key cache, usage tally), so its floor is the
 * gateway's own cost of an exact shared limit.
 */
export { ApiKeyStore, type CreatedApiKey, type NewApiKey } from './keys/store/api-key.store';
export { hashApiKey } from './keys/store/api-key-secret';
export type { ApiKeyAccount } from './keys/authentication/api-key-principal';
export { usageTally } from './keys/usage/usage-history';
export { ApiKeyCache } from './keys/authentication/api-key-cache';
