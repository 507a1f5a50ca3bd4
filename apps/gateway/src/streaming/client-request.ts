import type { IncomingMessage } from 'node:http';
import { type ApiKeyCredentials, extractCredentials } from '../auth/api-key-credentials';
import { parseQueryString } from '../bootstrap/query-string';

/** What an upgrade request says: its API key, its client address and its query. */
export interface ClientRequest {
  readonly credentials: ApiKeyCredentials;
  readonly address: string;
  readonly query: Record<string, string | string[]>;
}

/**
 * Reads the upgrade request as the HTTP side reads a request: the same query parser (a repeated
 * parameter becomes an array and fails validation), the same three key schemes, and the client
 * address from X-Forwarded-For only when the load balancer is trusted (left-most, as Fastify does).
 */
export function readClientRequest(request: IncomingMessage, trustProxy: boolean): ClientRequest {
  const search = new URL(request.url ?? '/', 'http://gateway').search;
  const query = parseQueryString(search.startsWith('?') ? search.slice(1) : search);
  const credentials = extractCredentials({ headers: request.headers, apiKeyQuery: query.apiKey });
  return { credentials, address: clientAddress(request, trustProxy), query };
}

function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const direct = request.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return direct;
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first === undefined || first === '' ? direct : first;
}
