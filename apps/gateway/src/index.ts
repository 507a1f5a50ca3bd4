/**
 * The gateway's public entry point for code outside it (bench, tools, tests of other folders):
 * the API-key store, to provision keys in Redis the way the gateway reads them; and the pieces the
 * bench's rate-limited baseline reuses (key hash, key cache, hit targets, Retry-After's seconds), so its floor is the
 * gateway's own cost of an exact shared limit.
 */
export {
  type ApiKeyAccount,
  ApiKeyCache,
  ApiKeyStore,
  type CreatedApiKey,
  hashApiKey,
  type NewApiKey,
} from './keys';
export { HitTargets } from './rate-limit/hit-targets';
export { retryAfterSeconds } from './errors/too-many-requests';
