/** The part of the WebSocket API the streams use: the browser's WebSocket and `ws` both have it. */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/** Opens a socket to `url`; `apiKey` goes in a header where the runtime allows it, else in the query. */
export type WebSocketFactory = (
  url: string,
  apiKey: string | undefined,
) => WebSocketLike | Promise<WebSocketLike>;

interface WebSocketConstructor {
  new (url: string, protocols?: string | string[], options?: object): WebSocketLike;
}

const isNode = typeof process !== 'undefined' && typeof process.versions.node === 'string';

let nodeWebSocket: Promise<WebSocketConstructor> | undefined;

/** `ws` (Node 20 has no stable WebSocket; `ws` also sends headers and answers pings by itself). */
function loadNodeWebSocket(): Promise<WebSocketConstructor> {
  nodeWebSocket ??= import('ws').then(
    (module) => module.WebSocket as unknown as WebSocketConstructor,
    () => {
      throw new Error('Streams in Node need the `ws` package: npm install ws');
    },
  );
  return nodeWebSocket;
}

/** In Node: `ws` with the key in `x-api-key`. In a browser: its WebSocket, with `?apiKey=`. */
export const defaultWebSocketFactory: WebSocketFactory = async (url, apiKey) => {
  if (isNode) {
    const NodeWebSocket = await loadNodeWebSocket();
    return new NodeWebSocket(url, [], apiKey === undefined ? {} : { headers: { 'x-api-key': apiKey } });
  }
  const BrowserWebSocket = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!BrowserWebSocket) throw new Error('No WebSocket in this runtime: pass the `webSocket` option');
  const withKey = new URL(url);
  if (apiKey !== undefined) withKey.searchParams.set('apiKey', apiKey);
  return new BrowserWebSocket(withKey.toString());
};

/** A text frame's JSON, whichever runtime delivered it (a string, or bytes); undefined if not JSON. */
export function parseFrame(data: unknown): unknown {
  const text =
    data instanceof ArrayBuffer || ArrayBuffer.isView(data)
      ? new TextDecoder().decode(data as Uint8Array)
      : String(data);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves when `socket` reports its close, or after `waitMs`. */
export function closeAnswered(socket: WebSocketLike, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    socket.onclose = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}
