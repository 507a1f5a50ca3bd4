const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The token of `Authorization: Bearer <token>`: one header holding one token, else undefined.
 * The admin token and session tokens are read so; an API key has its own, laxer rules.
 */
export function bearerTokenOf(authorization: string | string[] | undefined): string | undefined {
  return typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
}
