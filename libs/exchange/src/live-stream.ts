import type { Interval, Kline, Trade } from '@pds/market';
import type { FrameRefusal, RefusalCounts } from './stream/frame-refusals';

/** One exchange trade as the live stream delivered it. */
export interface StreamTrade extends Trade {
  /** Exchange event time (epoch ms) of the message that carried the trade. */
  readonly eventTime: number;
}

/** One exchange kline push: the exchange's own view of an interval at `eventTime`. */
export interface StreamKline {
  readonly interval: Interval;
  /** Exchange event time, epoch ms. */
  readonly eventTime: number;
  /** Kline open time, epoch ms. */
  readonly openTime: number;
  /** In the interface's shape; `isClosed` is the exchange's "this kline is final" flag. */
  readonly kline: Kline;
  /** First and last trade id inside the kline (the exchange sends -1 for both when it has none). */
  readonly firstTradeId: number;
  readonly lastTradeId: number;
}

/**
 * The live stream delivered nothing between two exchange event times: events in
 * [lastEventTime, firstEventTime] may be missing and must be repaired from history.
 */
export interface StreamInterruption {
  /** Why the previous connection ended (`silence`, `closed:1006`, `server-shutdown`, …). */
  readonly reason: string;
  /** Exchange time of the last event before the interruption; undefined if none was ever received. */
  readonly lastEventTime: number | undefined;
  /** Exchange time of the first event after it. */
  readonly firstEventTime: number;
}

export interface StreamCounters {
  /** Every text or binary frame received, on any connection. */
  readonly framesReceived: number;
  /** Frames that were not valid JSON or lacked required fields: skipped. */
  readonly malformedFrames: number;
  /** Well-formed frames this stream did not ask for (other event types, symbols, streams): skipped. */
  readonly unexpectedFrames: number;
  /** Error replies from the exchange (Binance `{"error":{…}}`, Kraken `"success": false`). */
  readonly errorReplies: number;
  /** Trades or kline pushes seen twice (the overlap of two connections): skipped. */
  readonly duplicatesDropped: number;
  /** Holes in the exchange's trade sequence (trade ids skipped): trades the stream never delivered. */
  readonly sequenceGaps: number;
  /** Connections replaced after they died (each one ends an interruption). */
  readonly reconnects: number;
  /** Make-before-break switches (server shutdown notice, maximum connection age). */
  readonly switches: number;
}

/** Everything a live stream reports, by event name. */
export interface LiveStreamEvents {
  readonly trade: StreamTrade;
  readonly kline: StreamKline;
  readonly interruption: StreamInterruption;
  /** The connection in use ended; an `interruption` follows once data flows again. */
  readonly disconnected: { readonly reason: string; readonly lastEventTime: number | undefined };
  /** A replacement connection took over without a gap (make-before-break). */
  readonly switched: { readonly reason: string };
  /**
   * A frame arrived on the connection in use (market data, or the exchange's heartbeat or reply):
   * the feed is alive, even in a quiet market. Not emitted for frames of a connection being replaced.
   */
  readonly alive: { readonly time: number };
  /** Emitted whenever a counter changes. */
  readonly counters: StreamCounters;
  /**
   * A value or frame was refused (CONTRACT section 11, "Untrusted frames"): at most once a minute
   * per reason, with how many since the previous report. Every refusal is in `refusals()`.
   */
  readonly refused: FrameRefusal;
}

/**
 * A self-healing live market-data stream of one symbol. It reconnects by itself; consumers see
 * de-duplicated events in exchange order plus an `interruption` for every span it may have missed.
 * Listeners run synchronously inside the socket's message handler and must not throw.
 */
export interface LiveStream {
  on<E extends keyof LiveStreamEvents>(
    event: E,
    listener: (payload: LiveStreamEvents[E]) => void,
  ): () => void;
  counters(): StreamCounters;
  /** Values and frames refused so far, by reason (`pds_exchange_frames_refused_total`). */
  refusals(): RefusalCounts;
  /** Closes every connection; no event is emitted afterwards. */
  close(): Promise<void>;
}
