import { applyDecorators } from '@nestjs/common';
import {
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { RETRY_AFTER_HEADER } from './response-headers';

/** The three alternative schemes of the interface, section 5 (names as in the OpenAPI document). */
export const SecurityScheme = {
  Header: 'ApiKeyHeader',
  Bearer: 'BearerToken',
  Query: 'ApiKeyQuery',
} as const;

/** The admin operations' scheme: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const ADMIN_SECURITY_SCHEME = 'AdminToken';

/** The tag of the operators' operations (ADMIN_TOKEN), listed after every customer's tag. */
export const ADMIN_TAG = 'admin';

/** The tag of what Stripe calls (its webhook), listed last. */
export const STRIPE_TAG = 'stripe';

/** The 429 of the per-address guard, on every operation that authenticates (key, admin, account). */
export const FAILED_AUTHENTICATIONS =
  'RATE_LIMIT_EXCEEDED: too many failed authentications from this address';

/** The two answers that ask the client to come back later (429, 503), each with `Retry-After`. */
export const ApiRetryLaterResponses = (
  tooManyRequests: string,
  serviceUnavailable: string,
): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiTooManyRequestsResponse({
      type: ErrorBodyDto,
      description: tooManyRequests,
      headers: RETRY_AFTER_HEADER,
    }),
    ApiServiceUnavailableResponse({
      type: ErrorBodyDto,
      description: serviceUnavailable,
      headers: RETRY_AFTER_HEADER,
    }),
  );

/**
 * An operation that takes an API key: the three schemes, and the answers every such operation can
 * give (no or a bad key, over its limit, storage away).
 */
export const ApiKeySecurity = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiSecurity(SecurityScheme.Header),
    ApiSecurity(SecurityScheme.Bearer),
    ApiSecurity(SecurityScheme.Query),
    ApiUnauthorizedResponse({
      type: ErrorBodyDto,
      description: 'UNAUTHORIZED: no key, an unknown or revoked key, or two different keys sent',
    }),
    ApiRetryLaterResponses(
      "RATE_LIMIT_EXCEEDED: the key's limit on this operation is used up, or too many failed " +
        'authentications came from this address',
      'SERVICE_UNAVAILABLE: storage is away or the data is not there yet',
    ),
  );
