import type { MarketSymbol } from '@pds/market';
import type { StreamWireFormat } from '../stream/wire-format';
import { KrakenDecoder } from './kraken-decoder';
import { KRAKEN_NATIVE_MINUTES, krakenWsSymbol } from './kraken-endpoints';

/** Kraken's application-level ping (docs: spot-websocket-v2/ping), answered with `pong`. */
export const KRAKEN_PING = '{"method":"ping"}';
const PING_EVERY_MS = 30_000;
/** Kraken acknowledges each subscription at once; one not acknowledged by then never will be. */
const SUBSCRIPTION_ACKS_WITHIN_MS = 10_000;

/** The subscribe requests: trades first, so the trade snapshot precedes the candles it explains. */
function subscribeMessages(symbol: MarketSymbol): string[] {
  const pair = krakenWsSymbol(symbol);
  const trade = {
    method: 'subscribe',
    params: { channel: 'trade', symbol: [pair], snapshot: true },
    req_id: 1,
  };
  const ohlc = Object.values(KRAKEN_NATIVE_MINUTES).map((interval, index) => ({
    method: 'subscribe',
    params: { channel: 'ohlc', symbol: [pair], interval, snapshot: true },
    req_id: index + 2,
  }));
  return [trade, ...ohlc].map((request) => JSON.stringify(request));
}

/**
 * Kraken's Spot WebSocket v2: one connection, `subscribe` requests sent on open (trade, and ohlc per
 * native interval; 6h/12h are merged from 1h by the adapter), each to be acknowledged: a refused or
 * unacknowledged subscription ends the connection as dead, since Kraken's heartbeats (about one a
 * second when nothing else flows) would otherwise keep a connection without data looking live. An
 * application-level `{"method":"ping"}` goes out every 30 s; WebSocket pings are answered as the
 * protocol wants.
 */
export const krakenWireFormat: StreamWireFormat = {
  streamUrl: (wsBaseUrl) => wsBaseUrl,
  subscribeMessages,
  createDecoder: (symbol, now) => new KrakenDecoder(symbol, now),
  ping: { autoPong: true, appPing: { message: KRAKEN_PING, everyMs: PING_EVERY_MS } },
  subscriptionAcks: { withinMs: SUBSCRIPTION_ACKS_WITHIN_MS },
};
