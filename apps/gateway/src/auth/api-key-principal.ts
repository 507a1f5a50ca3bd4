import type { ApiKeyRecord } from '../api-keys/api-key-record';

/** The authenticated caller, with the limits that apply to it now. */
export interface ApiKeyPrincipal {
  readonly id: string;
  readonly name: string;
  readonly requestsPerMinute: number;
  readonly wsConnections: number;
}

export interface DefaultLimits {
  readonly requestsPerMinute: number;
  readonly wsConnections: number;
}

export function principalOf(record: ApiKeyRecord, defaults: DefaultLimits): ApiKeyPrincipal {
  return {
    id: record.id,
    name: record.name,
    requestsPerMinute: record.requestsPerMinute ?? defaults.requestsPerMinute,
    wsConnections: record.wsConnections ?? defaults.wsConnections,
  };
}

/** Where the guard leaves the principal on the request, for the rate limiter and handlers. */
export interface AuthenticatedRequest {
  apiKey?: ApiKeyPrincipal;
}
