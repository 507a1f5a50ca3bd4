import type { StreamKline, StreamTrade } from '../live-stream';
import type { RefusalReason } from './refusal-reasons';

/** Why a frame was skipped: `unexpected` is well-formed but not asked for; `malformed` is broken. */
export type SkipKind = 'malformed' | 'unexpected';

/**
 * What one text or binary frame of any exchange means to the stream engine. Each exchange's wire
 * format turns its own frames into these; the engine never looks at an exchange's JSON.
 */
export type StreamFrame =
  /** Trades in exchange order; `id` is the exchange's own trade sequence. */
  | { readonly kind: 'trades'; readonly trades: readonly StreamTrade[] }
  /** Kline pushes, in the interface's shape, whole-interval values. */
  | { readonly kind: 'klines'; readonly klines: readonly StreamKline[] }
  /**
   * A reply to our own request (subscribe acknowledgement, pong): not market data. `subscription`
   * marks the acknowledgement of one of the connection's subscribe messages.
   */
  | { readonly kind: 'ack'; readonly subscription?: boolean }
  /** The exchange's "connection alive" message (Kraken's heartbeat, status): not market data. */
  | { readonly kind: 'heartbeat' }
  /** The server will close this connection soon: open a replacement now. */
  | { readonly kind: 'shutdown' }
  /**
   * The exchange says it serves no market data now (Kraken's `status` `maintenance`): the
   * connection is as good as dead, though its heartbeats would keep it open.
   */
  | { readonly kind: 'unavailable'; readonly reason: string }
  /**
   * The exchange refused one of our requests; a refused subscription (`subscription`) leaves the
   * connection without the data it is for, so it ends as dead.
   */
  | { readonly kind: 'errorReply'; readonly message: string; readonly subscription?: boolean }
  | {
      readonly kind: 'skipped';
      readonly skip: SkipKind;
      readonly detail: string;
      /** Why a malformed frame is refused, when more precise than `malformed` (`number-length`). */
      readonly refusal?: RefusalReason;
    };

export const malformed = (detail: string): StreamFrame => ({
  kind: 'skipped',
  skip: 'malformed',
  detail: detail.slice(0, 120),
});

export const unexpected = (detail: string): StreamFrame => ({
  kind: 'skipped',
  skip: 'unexpected',
  detail: detail.slice(0, 120),
});

/** A frame the decoder refuses for a rule of CONTRACT section 11 (a number too long, say). */
export const refused = (refusal: RefusalReason, detail: string): StreamFrame => ({
  kind: 'skipped',
  skip: 'malformed',
  detail: detail.slice(0, 120),
  refusal,
});
