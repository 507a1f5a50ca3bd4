import { SetMetadata } from '@nestjs/common';

/**
 * The rate-limit bucket of every key-protected REST operation, named here once so that renaming a
 * handler never moves a counter. The names are the operationIds, as the Redis keys always were.
 */
export const RateLimitBucket = {
  getCurrentPrice: 'getCurrentPrice',
  getKlines: 'getKlines',
  getCurrentKline: 'getCurrentKline',
  getIndex: 'getIndex',
  getIndexKlines: 'getIndexKlines',
  getOwnApiKey: 'getOwnApiKey',
  listOwnBoosts: 'listOwnBoosts',
} as const;

export type RateLimitBucket = (typeof RateLimitBucket)[keyof typeof RateLimitBucket];

export const RATE_LIMIT_BUCKET = 'pds:rate-limit-bucket';

/** Counts the handler's requests in `bucket`, per key (ProtectedOperationGuard and the price lane read it). */
export const RateLimited = (bucket: RateLimitBucket): MethodDecorator =>
  SetMetadata(RATE_LIMIT_BUCKET, bucket);
