/** Why a REST request has to wait before it may be sent. */
export const WaitReason = {
  /** Every worker waits out a 429/418's Retry-After (or the exchange's own used-weight report). */
  Paused: 1,
  /** As many requests as allowed are in flight. */
  InFlight: 2,
  /** The weight budget of the last minute is spent. */
  Weight: 3,
} as const;

export type WaitReason = (typeof WaitReason)[keyof typeof WaitReason];

export function waitReasonName(reason: WaitReason): string {
  switch (reason) {
    case WaitReason.Paused:
      return 'paused';
    case WaitReason.InFlight:
      return 'in-flight';
    case WaitReason.Weight:
      return 'weight-budget';
  }
}

export function isWaitReason(value: number): value is WaitReason {
  return value === 1 || value === 2 || value === 3;
}
