/**
 * The gateway's public entry point for code outside it (bench, tools, tests of other folders):
 * the API-key store, to provision keys in Redis the way the gateway reads them.
 */
export { ApiKeyStore, type CreatedApiKey, type NewApiKey } from './keys';
