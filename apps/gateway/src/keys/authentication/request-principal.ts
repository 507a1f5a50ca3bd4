import type { FastifyRequest } from 'fastify';
import { extractCredentials } from './api-key-credentials';
import type { ApiKeyPrincipal } from './api-key-principal';
import type { Authenticator } from './authenticator';

/**
 * The principal of the request's API key, from its headers or query, authenticated (401, 429): at
 * once when the key is cached, as Authenticator.authenticate. The first check of every protected
 * HTTP operation (ProtectedOperation).
 */
export function principalOfRequest(
  authenticator: Authenticator,
  request: FastifyRequest,
): ApiKeyPrincipal | Promise<ApiKeyPrincipal> {
  const query = request.query as Record<string, unknown>;
  const credentials = extractCredentials({ headers: request.headers, apiKeyQuery: query.apiKey });
  return authenticator.authenticate(credentials, request);
}
