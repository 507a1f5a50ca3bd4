/** How a counter is allotted hits of busy keys' windows ahead (WindowAllotments); tests may shrink it. */
export interface AllotmentPolicy {
  /**
   * Keys limited below this many hits a window are never allotted hits: at that rate a key's hits rarely come
   * within one allotment's time, so an allotment would save no round trip and only delay exact headers.
   */
  readonly minLimit: number;
  /** A replica never holds more than this share of a window's limit in one allotment (1/limitShare). */
  readonly limitShare: number;
  /** A replica uses an allotment's hits for this long after it asked for them, then gives back the rest. */
  readonly allotmentMs: number;
  /**
   * How long instead when the window was at most half spent at the grant: far from the limit, no
   * replica waits for the allotment's unused hits, and a busy key asks Redis a quarter as often.
   * It and recordMs stay under the request deadline (800 ms), so a hit that does wait for one (a
   * key sending its whole limit again every second, or a replica died holding one) is still
   * answered 429, not 503.
   */
  readonly roomyAllotmentMs: number;
  /**
   * How long Redis keeps a window's record of allotments out after the last grant: an allotment's end plus
   * time for its settlement to arrive. A replica that dies holding an allotment is forgotten after it,
   * and its unused hits stay spent for the rest of their window (fewer let through, never more).
   */
  readonly recordMs: number;
}

export const DEFAULT_ALLOTMENT_POLICY: AllotmentPolicy = {
  minLimit: 6000,
  limitShare: 64,
  allotmentMs: 100,
  roomyAllotmentMs: 400,
  recordMs: 700,
};
