import { REFUSAL_REASONS, type RefusalReason } from './refusal-reasons';

/** Refusals so far, by reason (every reason present, 0 when none). */
export type RefusalCounts = Readonly<Record<RefusalReason, number>>;

/** A refusal worth a log line: at most one a minute per reason (and per stream, i.e. per exchange). */
export interface FrameRefusal {
  readonly reason: RefusalReason;
  /** What was refused, short (the field and value, or the frame's start). */
  readonly detail: string;
  /** Refusals of this reason since the previous report, this one included. */
  readonly count: number;
}

/** How often each reason is reported at most. */
export const REFUSAL_REPORT_EVERY_MS = 60_000;
const DETAIL_LENGTH = 120;

export function zeroRefusals(): Record<RefusalReason, number> {
  const counts = {} as Record<RefusalReason, number>;
  for (const reason of REFUSAL_REASONS) counts[reason] = 0;
  return counts;
}

/**
 * Counts refused values by reason and reports them without flooding: the first refusal of a reason
 * is reported at once, later ones at most once every `everyMs` (with how many there were since).
 */
export class FrameRefusals {
  private readonly total = zeroRefusals();
  private readonly unreported = zeroRefusals();
  private readonly lastReportAt = new Map<RefusalReason, number>();

  constructor(
    private readonly report: (refusal: FrameRefusal) => void,
    private readonly now: () => number = Date.now,
    private readonly everyMs = REFUSAL_REPORT_EVERY_MS,
  ) {}

  refuse(reason: RefusalReason, detail: string): void {
    this.total[reason] += 1;
    this.unreported[reason] += 1;
    const now = this.now();
    const last = this.lastReportAt.get(reason);
    if (last !== undefined && now - last < this.everyMs) return;
    this.lastReportAt.set(reason, now);
    const count = this.unreported[reason];
    this.unreported[reason] = 0;
    this.report({ reason, detail: detail.slice(0, DETAIL_LENGTH), count });
  }

  counts(): RefusalCounts {
    return { ...this.total };
  }
}
