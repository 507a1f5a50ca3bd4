/** How a counter leases hits of busy keys' windows ahead (WindowLeases); tests may shrink it. */
export interface LeasePolicy {
  /**
   * Keys limited below this many hits a window never lease: at that rate a key's hits rarely come
   * within one lease's time, so a lease would save no round trip and only delay exact headers.
   */
  readonly minLimit: number;
  /** A replica never holds more than this share of a window's limit in one lease (1/limitShare). */
  readonly limitShare: number;
  /** A replica uses a lease's hits for this long after it asked for them, then gives back the rest. */
  readonly leaseMs: number;
  /**
   * How long instead when the window was at most half spent at the grant: far from the limit, no
   * replica waits for the lease's unused hits, and a busy key asks Redis a fifth as often. Shorter
   * than the request deadline, so a hit that does wait for one (a key sending its whole limit
   * again every second) is still answered 429, not 503.
   */
  readonly roomyLeaseMs: number;
  /**
   * How long Redis keeps a window's record of leases out after the last grant: a lease's end plus
   * time for its settlement to arrive. A replica that dies holding a lease is forgotten after it,
   * and its unused hits stay spent for the rest of their window (fewer let through, never more).
   */
  readonly recordMs: number;
}

export const DEFAULT_LEASE_POLICY: LeasePolicy = {
  minLimit: 6000,
  limitShare: 64,
  leaseMs: 100,
  roomyLeaseMs: 500,
  recordMs: 1000,
};
