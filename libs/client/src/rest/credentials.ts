/** The secrets a client sends, each only to the operations that take it. */
export class Credentials {
  /** The refresh cookie of the last sign-in, where the runtime shows it (Node; a browser keeps its own). */
  refreshCookie: string | undefined;

  constructor(
    public apiKey: string | undefined,
    public accessToken: string | undefined,
    public adminToken: string | undefined,
  ) {}

  /** The price operations and a key's own views: `x-api-key`. */
  apiKeyHeaders(): Record<string, string> {
    return this.apiKey === undefined ? {} : { 'x-api-key': this.apiKey };
  }

  /** The account operations: the access token of the sign-in. */
  sessionHeaders(): Record<string, string> {
    return this.accessToken === undefined ? {} : { authorization: `Bearer ${this.accessToken}` };
  }

  adminHeaders(): Record<string, string> {
    return this.adminToken === undefined ? {} : { authorization: `Bearer ${this.adminToken}` };
  }

  /** The refresh cookie for `/auth/refresh` and `/auth/logout`, when this client holds it. */
  refreshHeaders(): Record<string, string> {
    return this.refreshCookie === undefined ? {} : { cookie: this.refreshCookie };
  }

  /** Keeps the `pds_refresh` cookie a sign-in or refresh set (`getSetCookie` is Node's; browsers hide it). */
  keepRefreshCookie(headers: Headers): void {
    const lines = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
    const line = lines.find((each) => each.startsWith('pds_refresh='));
    if (line !== undefined) this.refreshCookie = line.split(';')[0];
  }
}
