import type { MarketSymbol } from '@pds/market';
import type { StreamFrame } from './stream-frame';

/**
 * Reads the frames of one connection. A decoder lives as long as its connection, so it may keep
 * what the exchange's format needs across frames (Kraken: the newest trade id and each interval's
 * candle, to mark a candle closed once the next one begins). It never throws.
 */
export interface FrameDecoder {
  decode(text: string): StreamFrame | readonly StreamFrame[];
  /**
   * Frames that the exchange's clock makes due without a frame (Kraken: a candle whose interval has
   * ended while nothing came), and the local time (epoch ms) to ask again; undefined: nothing due.
   */
  due?(): readonly StreamFrame[];
  nextDueAt?(): number | undefined;
}

/** How the exchange keeps a connection alive from the client's side. */
export interface PingRules {
  /** Answer the server's WebSocket pings with its payload (Binance pings every 20 s and wants this). */
  readonly autoPong: boolean;
  /** An application-level ping message and how often to send it, for exchanges that ask for one. */
  readonly appPing?: { readonly message: string; readonly everyMs: number };
}

/**
 * Everything one exchange's market-data WebSocket needs from its folder: where to connect, what to
 * send once connected, how to read frames and how to keep the connection alive. The lifecycle
 * (silence, backoff, make-before-break, budget, de-duplication) is the engine's.
 */
export interface StreamWireFormat {
  /** The URL of a connection that carries the symbol's trades and klines. */
  streamUrl(wsBaseUrl: string, symbol: MarketSymbol): string;
  /** Text messages sent as soon as a connection opens (Binance: none, the URL subscribes). */
  subscribeMessages(symbol: MarketSymbol): readonly string[];
  /** A fresh decoder for a new connection. */
  createDecoder(symbol: MarketSymbol, now?: () => number): FrameDecoder;
  readonly ping: PingRules;
  /**
   * For exchanges that acknowledge each subscribe message (Kraken): a connection counts as live
   * only once every one is acknowledged, and ends as dead (`subscription:timeout`) when they are
   * not within `withinMs`, or when one is refused (`subscription:refused`).
   */
  readonly subscriptionAcks?: { readonly withinMs: number };
}
