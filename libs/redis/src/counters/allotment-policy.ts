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
  recordMs: 500,
};
