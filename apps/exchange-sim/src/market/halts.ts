import { MINUTE_MS } from './live-tape';

/**
 * A trading halt: no trade and no kline in [from, to). When `from` is off the minute grid the klines
 * holding it end there (closeTime `from - 1`), and when `to` is off it the klines after it keep
 * `to`'s offset until `realignAt`, as Binance's BTCUSDT did around its 2018-02-08 halt.
 */
export interface Halt {
  readonly from: number;
  readonly to: number;
  /** Required when `to` is off the minute grid: where the off-grid klines end. */
  readonly realignAt?: number;
}

/** BTCUSDT's halts as Binance's own /api/v3/klines history has them (UTC). */
export const BINANCE_BTCUSDT_HALTS = [
  '2017-09-06T15:45:00.000Z/2017-09-06T23:00:00.000Z',
  '2017-12-18T12:15:00.000Z/2017-12-18T13:30:00.000Z',
  '2018-01-04T03:00:00.000Z/2018-01-04T05:00:00.000Z',
  '2018-02-08T00:28:14.789Z/2018-02-09T09:28:14.789Z/2018-02-11T04:00:00.000Z',
  '2018-06-26T02:00:00.000Z/2018-06-26T12:00:00.000Z',
  '2020-02-19T11:35:00.000Z/2020-02-19T17:29:00.000Z',
].join(',');

/** Halts written `from/to[/realignAt]` (ISO 8601 times), comma-separated; `none` or '' for none. */
export function parseHalts(text: string): Halt[] {
  if (text.trim() === '' || text.trim() === 'none') return [];
  const halts = text.split(',').map((part) => parseHalt(part.trim()));
  halts.sort((a, b) => a.from - b.from);
  halts.forEach((halt, index) => {
    const next = halts[index + 1];
    if (next && next.from < (halt.realignAt ?? halt.to)) throw new RangeError('halts overlap');
  });
  return halts;
}

function parseHalt(text: string): Halt {
  const times = text.split('/').map((part) => Date.parse(part));
  const [from, to, realignAt] = times;
  if (
    times.length < 2 ||
    times.length > 3 ||
    times.some(Number.isNaN) ||
    from === undefined ||
    to === undefined
  )
    throw new RangeError(`halt "${text}" is not from/to[/realignAt] in ISO 8601`);
  if (to <= from) throw new RangeError(`halt "${text}" ends before it starts`);
  const offGrid = to % MINUTE_MS !== 0;
  if (offGrid && (realignAt === undefined || realignAt <= to || realignAt % MINUTE_MS !== 0))
    throw new RangeError(
      `halt "${text}" resumes off the minute grid: it needs a later whole-minute realignAt`,
    );
  return offGrid ? { from, to, realignAt } : { from, to };
}

/** The minutes [first, end) without trades: a minute cut by `from` or opened by `to` still trades. */
export function haltedMinutes(halt: Halt): { first: number; end: number } {
  return { first: Math.ceil(halt.from / MINUTE_MS), end: Math.floor(halt.to / MINUTE_MS) };
}

/** Which minutes trade: every one outside the halts, the history's and the one being lived through. */
export class HaltCalendar {
  private list: Halt[];
  private minutes: { first: number; end: number }[];

  constructor(halts: readonly Halt[]) {
    this.list = [...halts];
    this.minutes = this.list.map(haltedMinutes);
  }

  get halts(): readonly Halt[] {
    return this.list;
  }

  /** The halt begun with `begin` and not finished yet, if any. */
  get open(): Halt | undefined {
    const last = this.list.at(-1);
    return last?.to === Number.POSITIVE_INFINITY ? last : undefined;
  }

  /** A live halt from `from` on, until `finish`. */
  begin(from: number): void {
    this.set([...this.list, { from, to: Number.POSITIVE_INFINITY }]);
  }

  /** Ends the open halt at `to`; off the minute grid, the klines realign at the next minute. */
  finish(to: number): Halt | undefined {
    const open = this.open;
    if (!open) return undefined;
    const realignAt = to % MINUTE_MS === 0 ? undefined : (Math.floor(to / MINUTE_MS) + 1) * MINUTE_MS;
    const halt = realignAt === undefined ? { from: open.from, to } : { from: open.from, to, realignAt };
    this.set([...this.list.slice(0, -1), halt]);
    return halt;
  }

  isHalted(minute: number): boolean {
    return this.minutes.some(({ first, end }) => minute >= first && minute < end);
  }

  /** True when every minute of [first, end) is halted. */
  allHalted(first: number, end: number): boolean {
    return this.minutes.some((halted) => first >= halted.first && end <= halted.end);
  }

  /** How many halted minutes lie before `minute`. */
  haltedBefore(minute: number): number {
    let count = 0;
    for (const { first, end } of this.minutes) count += Math.max(0, Math.min(end, minute) - first);
    return count;
  }

  private set(halts: Halt[]): void {
    this.list = halts;
    this.minutes = halts.map(haltedMinutes);
  }
}
