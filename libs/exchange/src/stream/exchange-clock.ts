/** How many recent accepted events the clock's offset is the median of. */
const WINDOW = 31;

/**
 * The exchange's clock as its own recent frames tell it: the local clock plus the median of
 * (event time − local receipt time) over the last accepted frames. A median, because no single
 * forged time can move it while a local clock behind the exchange's is corrected by the exchange's
 * frames. Never behind the local clock: old frames (a snapshot, a replay) must not make the present
 * look like the future. Only accepted events are observed, so refused times never advance it; the
 * first frame is the only one nothing can contradict (no clock known yet).
 */
export class ExchangeClock {
  private readonly samples = new Float64Array(WINDOW);
  private readonly sorted = new Float64Array(WINDOW);
  private count = 0;
  private next = 0;
  private offsetMs: number | undefined;
  private medianMs: number | undefined;

  /** An accepted event's time and the local time it arrived at. */
  observe(eventTime: number, receivedAt: number): void {
    this.samples[this.next] = eventTime - receivedAt;
    this.next = (this.next + 1) % WINDOW;
    this.count = Math.min(this.count + 1, WINDOW);
    this.medianMs = this.lowerMedian();
    this.offsetMs = Math.max(0, this.medianMs);
  }

  /** The exchange's time at local time `localNow`; undefined before the first accepted event. */
  now(localNow: number): number | undefined {
    return this.offsetMs === undefined ? undefined : localNow + this.offsetMs;
  }

  /**
   * The exchange's own time at local time `localNow`, behind the local clock where the exchange's
   * is: for deciding what has ended at the exchange (Kraken's candles), where `now`, never behind
   * the local clock, would end things early. Undefined before the first accepted event.
   */
  estimate(localNow: number): number | undefined {
    return this.medianMs === undefined ? undefined : localNow + this.medianMs;
  }

  /** The lower median: of two samples the smaller, so a forged second event loses to the first. */
  private lowerMedian(): number {
    const view = this.sorted.subarray(0, this.count);
    view.set(this.samples.subarray(0, this.count));
    view.sort();
    return view[(this.count - 1) >> 1] ?? 0;
  }
}
