/** What the service keeps of an API key: never the key, only its SHA-256 (the Redis key name). */
export interface ApiKeyRecord {
  readonly id: string;
  readonly name: string;
  /** The key's first characters (keyPrefixOf), not secret; absent on keys made before it was kept. */
  readonly prefix?: string;
  readonly createdAt: string;
  readonly revokedAt?: string;
  /** The key's own REST limit per operation and minute; the default applies when absent. */
  readonly requestsPerMinute?: number;
  /** The key's own concurrent WebSocket connections per operation; the default applies when absent. */
  readonly wsConnections?: number;
  /** The account that made the key; absent for keys an admin made. */
  readonly accountId?: string;
  /** Kept apart from the record (RedisKeys.apiKeyLastUsed), filled in where it is shown. */
  readonly lastUsedAt?: string;
}

function optionalInteger(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

export function recordFromHash(hash: Record<string, string>): ApiKeyRecord | undefined {
  const { id, name, createdAt } = hash;
  if (!id || name === undefined || !createdAt) return undefined;
  return {
    id,
    name,
    createdAt,
    ...(hash.prefix ? { prefix: hash.prefix } : {}),
    ...(hash.revokedAt ? { revokedAt: hash.revokedAt } : {}),
    ...(hash.requestsPerMinute ? { requestsPerMinute: optionalInteger(hash.requestsPerMinute) } : {}),
    ...(hash.wsConnections ? { wsConnections: optionalInteger(hash.wsConnections) } : {}),
    ...(hash.accountId ? { accountId: hash.accountId } : {}),
  };
}

export function recordToHash(record: ApiKeyRecord): Record<string, string> {
  const hash: Record<string, string> = { id: record.id, name: record.name, createdAt: record.createdAt };
  if (record.prefix) hash.prefix = record.prefix;
  if (record.revokedAt) hash.revokedAt = record.revokedAt;
  if (record.requestsPerMinute !== undefined) hash.requestsPerMinute = String(record.requestsPerMinute);
  if (record.wsConnections !== undefined) hash.wsConnections = String(record.wsConnections);
  if (record.accountId !== undefined) hash.accountId = record.accountId;
  return hash;
}
