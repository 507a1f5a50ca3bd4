/**
 * What the keys module offers the rest of the gateway: API keys (admin- or account-made), their
 * authentication, the admin guard, and their views and usage.
 */
export { KeysModule } from './keys.module';
export { ApiKeyStore, type CreatedApiKey, type NewApiKey } from './store/api-key.store';
export type { ApiKeyRecord } from './store/api-key-record';
export { hashApiKey } from './store/api-key-secret';
export { ApiKeyCache } from './authentication/api-key-cache';
export { type ApiKeyCredentials, extractCredentials } from './authentication/api-key-credentials';
export type {
  ApiKeyAccount,
  ApiKeyPrincipal,
  AuthenticatedRequest,
} from './authentication/api-key-principal';
export { principalOfRequest } from './authentication/request-principal';
export { AuthFailureLimiter } from './authentication/auth-failure-limiter';
export { Authenticator } from './authentication/authenticator';
export { AdminOnly } from './admin/admin-only.decorator';
export { notFound } from './admin/not-found';
export { bearerTokenOf } from './authentication/bearer-token';
export { KeyBoosts } from './admin/key-boosts';
export { ApiKeyDto, ApiKeyListDto, CreatedApiKeyDto } from './dto/api-key.dto';
export { apiKeyView, type ApiKeyView } from './dto/api-key-view';
export { CreateApiKeyDto, toNewApiKey } from './dto/create-api-key.dto';
export { OwnApiKeyDto } from './dto/own-api-key.dto';
export { AccountApiKeys } from './account-keys/account-api-keys.service';
export { AccountKeyViews } from './account-keys/account-key-views';
export { KeyUsageService } from './own-key/key-usage.service';
export {
  DAY_MS,
  HOUR_MS,
  type HourlyUsage,
  hourlyUsageOf,
  USAGE_RETENTION_DAYS,
  usageDay,
  usageTally,
} from './usage/usage-history';
