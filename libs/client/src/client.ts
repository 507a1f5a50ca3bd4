import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { accountOperations } from './rest/account-operations';
import { adminOperations } from './rest/admin-operations';
import { indexOperations } from './rest/index-operations';
import { RedirectRefusedError } from './errors';
import { Credentials } from './rest/credentials';
import { priceOperations, type RestContext } from './rest/price-operations';
import type { RetryOptions } from './rest/send';
import { PriceDataStream } from './stream/price-data-stream';
import type { ReconnectOptions } from './stream/reconnect-policy';
import type { StreamKind, StreamKinds } from './stream/stream-types';
import { defaultWebSocketFactory, type WebSocketFactory } from './stream/websocket';

export interface ClientOptions {
  /** Where the service is, e.g. `https://prices.example.com` (in a page: `location.origin`). */
  readonly baseUrl: string;
  /** The API key of the price operations and streams. */
  readonly apiKey?: string;
  /** An account's access token; `auth.login` and `auth.refresh` set it. */
  readonly accessToken?: string;
  /** The operator's token, for the `admin` operations. */
  readonly adminToken?: string;
  /** Waiting and retrying on 429 and 503 with `Retry-After`. */
  readonly retry?: RetryOptions;
  /** How streams wait between connections. */
  readonly reconnect?: ReconnectOptions;
  /** Another fetch (a proxy agent, a test double); default the global one. */
  readonly fetch?: typeof fetch;
  /** Another WebSocket; default `ws` in Node, the browser's own in a page. */
  readonly webSocket?: WebSocketFactory;
}

export interface StreamOptions extends ReconnectOptions {
  /** `klines` only: how many klines the window keeps (default: the `limit`, or 500, without `from`). */
  readonly windowSize?: number;
}

/** A redirect answer (Node shows its status; a browser an opaque one) as the typed error. */
function refuseRedirect(response: Response): Response {
  const redirected = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  if (!redirected) return response;
  const location = response.headers.get('location') ?? undefined;
  throw new RedirectRefusedError(location, { status: response.status || undefined });
}

/**
 * A typed client of the price data service. REST: one function per operation, typed from the
 * service's OpenAPI document, errors as typed exceptions. Streams: `stream(kind, params)`.
 */
export function createPriceDataClient(options: ClientOptions) {
  const credentials = new Credentials(options.apiKey, options.accessToken, options.adminToken);
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    // A redirect is never followed: fetch would resend x-api-key to wherever it points.
    redirect: 'manual',
    // Read at call time, so a test or a page that replaces the global fetch later is honoured.
    fetch: async (request: Request) => refuseRedirect(await (options.fetch ?? globalThis.fetch)(request)),
  });
  const context: RestContext = { api, credentials, retry: options.retry ?? {} };
  return {
    ...priceOperations(context),
    ...indexOperations(context),
    ...accountOperations(context),
    admin: adminOperations(context),
    /** Changes the API key used from now on (streams already open keep theirs). */
    setApiKey(apiKey: string | undefined): void {
      credentials.apiKey = apiKey;
    },
    setAccessToken(accessToken: string | undefined): void {
      credentials.accessToken = accessToken;
    },
    /**
     * A live stream of `kind` (`price`, `klines`, `currentKline`, `index`, `indexKlines`) with the
     * HTTP operation's parameters: the snapshot, then every update, reconnecting by itself.
     */
    stream<K extends StreamKind>(
      kind: K,
      params: StreamKinds[K]['params'],
      streamOptions: StreamOptions = {},
    ): PriceDataStream<K> {
      return new PriceDataStream(kind, params, {
        ...options.reconnect,
        ...streamOptions,
        baseUrl: options.baseUrl,
        apiKey: credentials.apiKey,
        webSocket: options.webSocket ?? defaultWebSocketFactory,
      });
    },
  };
}

export type PriceDataClient = ReturnType<typeof createPriceDataClient>;
