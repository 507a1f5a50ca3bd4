import { isStreamName } from './stream-name';

export type StreamRequest =
  | { readonly kind: 'accepted'; readonly combined: boolean; readonly streams: readonly string[] }
  | { readonly kind: 'refused'; readonly status: 400 | 404 };

/** Binance's limit of streams on one connection. */
export const MAX_STREAMS_PER_CONNECTION = 1024;

/**
 * The WebSocket URL forms of Binance's stream server: raw streams at `/ws/<stream>` (several joined
 * by `/`, or none to SUBSCRIBE later) and combined streams at `/stream?streams=<a>/<b>`. Any
 * stream name is accepted (an unknown one is silent, and `/ws/<anything>` then SUBSCRIBE works, as
 * ccxt connects); more than MAX_STREAMS_PER_CONNECTION of them is a bad request.
 */
export function parseStreamRequest(rawUrl: string): StreamRequest {
  const url = new URL(rawUrl, 'http://sim');
  const path = url.pathname;
  if (path === '/ws' || path === '/ws/' || path.startsWith('/ws/')) {
    return accept(false, path.slice('/ws/'.length));
  }
  if (path === '/stream' || path === '/stream/') {
    return accept(true, url.searchParams.get('streams') ?? '');
  }
  return { kind: 'refused', status: 404 };
}

function accept(combined: boolean, joined: string): StreamRequest {
  const streams = joined === '' ? [] : joined.split('/');
  const unique = new Set(streams);
  if (!streams.every(isStreamName) || unique.size > MAX_STREAMS_PER_CONNECTION)
    return { kind: 'refused', status: 400 };
  return { kind: 'accepted', combined, streams: [...unique] };
}
