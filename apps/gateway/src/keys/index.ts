/**
 * What the keys module offers the rest of the gateway: API keys (admin- or account-made), their
 * authentication, the admin guard, their views, and their usage (now, and the usage history).
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
export { KeyBoosts } from './boosts/key-boosts';
export { AdminBoostRoutes } from './boosts/admin-boost-routes';
export { ApiKeyDto, ApiKeyListDto, CreatedApiKeyDto } from './dto/api-key.dto';
export { apiKeyView, type ApiKeyView } from './dto/api-key-view';
export { CreateApiKeyDto, toNewApiKey } from './dto/create-api-key.dto';
export { OwnApiKeyDto } from './dto/own-api-key.dto';
export { AccountApiKeys } from './account-keys/account-api-keys.service';
export { AccountKeyViews } from './account-keys/account-key-views';
export { HOUR_MS, usageTally } from './usage/usage-tally';
export type { LimitedOperation } from './usage/current-usage';
export { UsageHistory } from './usage/usage-history.service';
export { UsageBucketDto, UsageDto } from './usage/usage-history.dto';
export { UsageQueryDto } from './usage/usage-query.dto';
export { resolveUsageRange } from './usage/usage-range';
