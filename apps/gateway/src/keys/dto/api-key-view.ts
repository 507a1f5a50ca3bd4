import { type DefaultLimits, ownLimitsOf } from '../../entitlements';
import type { ApiKeyRecord } from '../store/api-key-record';

/** A key as the API shows it (ApiKeyDto documents it). */
export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly prefix: string | null;
  readonly requestsPerMinute: number;
  readonly wsConnections: number;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  readonly accountId: string | null;
}

/** A record as the API shows it: own limits with the defaults filled in, absent times as null. */
export function apiKeyView(record: ApiKeyRecord, defaults: DefaultLimits): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix ?? null,
    ...ownLimitsOf(record, defaults),
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
    revokedAt: record.revokedAt ?? null,
    accountId: record.accountId ?? null,
  };
}
