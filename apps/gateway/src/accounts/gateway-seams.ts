/**
 * Everything the accounts area takes from the rest of the gateway, in one place, so a change of
 * layout elsewhere is fixed here alone.
 */
export { AppLogger } from '@pds/observability';
export { FixedWindowCounter, REDIS_COMMAND as REDIS, secondsLeft } from '@pds/redis';
// access: the key records an account's keys share with admin-made ones, the admin guard, boosts.
export { AccessModule } from '../access/access.module';
export { AdminOnly } from '../access/admin/admin-only.decorator';
export { CreateApiKeyDto } from '../access/admin/dto/create-api-key.dto';
export { GrantBoostDto, toNewBoost } from '../access/admin/dto/grant-boost.dto';
export { notFound } from '../access/admin/not-found';
// The per-address brute-force guard and the marker that skips the key check.
export { AuthFailureLimiter } from '../access/authentication/auth-failure-limiter';
export { Public } from '../access/authentication/public.decorator';
export { ApiKeyStore } from '../access/keys/api-key.store';
export { BoostStore } from '../access/keys/boost.store';
export { OwnApiKeyDto } from '../access/keys/dto/own-api-key.dto';
export { KeyLimits } from '../access/keys/key-limits';
export { KeyUsageService } from '../access/own-key/key-usage.service';
export { type ApiKeyRecord, recordToHash } from '../access/keys/api-key-record';
// Tokens are random 256-bit secrets: a plain SHA-256 is the right lookup hash, as for API keys.
export {
  generateApiKey,
  generateKeyId,
  hashApiKey as sha256Hex,
  keyPrefixOf,
} from '../access/keys/api-key-secret';
export { apiKeyView, type ApiKeyView } from '../access/keys/api-key-view';
export {
  DAY_MS,
  HOUR_MS,
  hourlyUsageOf,
  type HourlyUsage,
  USAGE_RETENTION_DAYS,
  usageDay,
} from '../access/keys/usage-history';
export { type Boost, boostToJson, generateBoostId, type NewBoost } from '../access/keys/boost';
export { MAX_ACTIVE_BOOSTS } from '../access/keys/boost.store';
export { ApiKeyDto, ApiKeyListDto, CreatedApiKeyDto } from '../access/keys/dto/api-key.dto';
// errors, settings and validation.
export { ApiRetryLaterResponses, FAILED_AUTHENTICATIONS } from '../docs/api-key-security.decorator';
export { RETRY_AFTER_HEADER } from '../docs/response-headers';
export { ApiException } from '../errors/api-exception';
export { ErrorBodyDto } from '../errors/error-body.dto';
export { ErrorCode } from '../errors/error-code';
export { fromStorage } from '../errors/storage-unavailable.error';
export { DeadlineAllowance } from '../deadline/http-deadlines';
export { GatewayEnvironment } from '../gateway.environment';
export { BodyValidationPipe } from '../validation/body-validation.pipe';
export { type CrossFieldRules } from '../validation/cross-field-rules';
export { QueryMessage } from '../validation/query-messages';
export { IsIsoDateTime, isIsoDateTime } from '../validation/query-rules';
export { QueryValidationPipe } from '../validation/query-validation.pipe';
