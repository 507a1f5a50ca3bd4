/** What a request says about its API key, from the three schemes of the interface. */
export type ApiKeyCredentials =
  | { readonly kind: 'missing' }
  | { readonly kind: 'conflicting' }
  | { readonly kind: 'present'; readonly key: string };

export interface CredentialSources {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly apiKeyQuery: unknown;
}

const BEARER = /^Bearer\s+(.*)$/i;

function single(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function bearerTokens(authorization: string | string[] | undefined): string[] {
  return single(authorization).flatMap((value) => {
    const match = BEARER.exec(value);
    return match ? [match[1]?.trim() ?? ''] : [];
  });
}

/**
 * The key from `x-api-key`, `Authorization: Bearer` or `?apiKey=`. Several are allowed only when
 * they are equal; a repeated or different one is a conflict. An Authorization header of another
 * scheme carries no API key.
 */
export function extractCredentials(sources: CredentialSources): ApiKeyCredentials {
  const header = sources.headers['x-api-key'];
  // The common case, one x-api-key header and no other scheme, without building lists.
  if (
    typeof header === 'string' &&
    sources.headers.authorization === undefined &&
    sources.apiKeyQuery === undefined
  ) {
    return header === '' ? { kind: 'conflicting' } : { kind: 'present', key: header };
  }
  const offered = [
    ...single(sources.headers['x-api-key']),
    ...bearerTokens(sources.headers.authorization),
    ...single(sources.apiKeyQuery),
  ];
  if (offered.length === 0) return { kind: 'missing' };
  const distinct = new Set(offered);
  const [key] = distinct;
  if (distinct.size > 1 || key === undefined || key === '') return { kind: 'conflicting' };
  if (Array.isArray(sources.apiKeyQuery)) return { kind: 'conflicting' };
  return { kind: 'present', key };
}
