import { closeTimeOf, type Interval, openTimeOf } from '@pds/market';
import type { StreamKline } from '../live-stream';

/**
 * The exchange's own off-grid klines on the live path (CONTRACT section 3): once the exchange has
 * cut an interval's kline short (a trading halt: a closed push whose closeTime is before its grid
 * close), the kline it opens next off the grid is its realignment, taken with its later pushes.
 * Any other off-grid open time is refused (section 11, `off-grid`): one push cannot leave a
 * phantom kline beside the real one.
 */
export class HaltRealignment {
  /** Per interval: the cut kline's closeTime, until the realignment kline opens. */
  private readonly cutAt = new Map<Interval, number>();
  /** Per interval: the open time of the exchange's realignment kline. */
  private readonly realigned = new Map<Interval, number>();

  /** The push may open off the grid. */
  allows(push: StreamKline): boolean {
    if (this.realigned.get(push.interval) === push.openTime) return true;
    const cut = this.cutAt.get(push.interval);
    return cut !== undefined && push.openTime > cut;
  }

  /** Notes an accepted push: a cut, or the realignment after one. */
  accepted(push: StreamKline): void {
    const { interval, openTime, kline } = push;
    if (openTime !== openTimeOf(openTime, interval)) {
      this.realigned.set(interval, openTime);
      this.cutAt.delete(interval);
    } else if (kline.isClosed && Date.parse(kline.closeTime) < closeTimeOf(openTime, interval)) {
      this.cutAt.set(interval, Date.parse(kline.closeTime));
    }
  }
}
