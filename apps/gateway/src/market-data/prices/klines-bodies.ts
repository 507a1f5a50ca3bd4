import type { KlinesWindow, StoredKline } from '../klines/klines-selection';
import type { MirroredKlines } from '../mirror/mirrored-klines';
import { VersionedMemo } from '../mirror/versioned-memo';

/** The getKlines 200 body around the stored Kline JSON strings. */
export function klinesBody(klines: readonly string[]): string {
  return `{"klines":[${klines.join(',')}]}`;
}

/** A getKlines body and the exchange of its newest kline, when its record names one. */
export interface KlinesAnswer {
  readonly body: Buffer | string;
  readonly source: string | undefined;
}

/**
 * A window's answer up to its open kline, encoded: everything in it is fixed by the closed klines
 * and the open kline's slot, not by the open kline's values, which change with every trade.
 */
interface ClosedPart {
  /** `{"klines":[` and the closed klines, with the comma before the open kline when it follows. */
  readonly head: Buffer;
  readonly endsWithOpen: boolean;
}

const TAIL = Buffer.from(']}');

function windowKey(window: KlinesWindow): string {
  return `${window.limit}|${window.from ?? ''}|${window.to ?? ''}`;
}

/**
 * getKlines answers from one interval's mirror, as bytes, built once per mirror version and window
 * (a request only looks one up). A new version that only changed the open kline (each trade) reuses
 * the encoded closed klines of its slot and copies them once, instead of joining and encoding the
 * whole answer again.
 */
export class KlinesBodies {
  private readonly answers = new VersionedMemo<KlinesAnswer | undefined>();
  private readonly closedParts = new VersionedMemo<ClosedPart | undefined>();

  /**
   * `select`: the window's klines as the mirror answers them (the open kline last when it is in the
   * answer), or undefined when the mirror cannot answer the window.
   */
  constructor(
    private readonly series: MirroredKlines,
    private readonly select: (window: KlinesWindow) => readonly string[] | undefined,
  ) {}

  /** The answer for `window`, when the mirror holds all of it and it needs nothing fetched. */
  answer(window: KlinesWindow): KlinesAnswer | undefined {
    return this.answers.get(this.series.version, windowKey(window), () => this.build(window));
  }

  private build(window: KlinesWindow): KlinesAnswer | undefined {
    const open = this.series.openKline;
    // No open kline: no live data yet, or data restored unannounced; Redis answers.
    if (open === undefined) return undefined;
    const part = this.closedParts.get(
      this.series.closedVersion,
      `${open.openTime}|${windowKey(window)}`,
      () => this.closedPart(window, open),
    );
    if (part === undefined) return undefined;
    if (!part.endsWithOpen) return { body: Buffer.concat([part.head, TAIL]), source: undefined };
    return { body: Buffer.concat([part.head, Buffer.from(open.json), TAIL]), source: open.source };
  }

  private closedPart(window: KlinesWindow, open: StoredKline): ClosedPart | undefined {
    const klines = this.select(window);
    if (klines === undefined) return undefined;
    const endsWithOpen = klines.at(-1) === open.json;
    const closed = endsWithOpen ? klines.slice(0, -1) : klines;
    const comma = endsWithOpen && closed.length > 0 ? ',' : '';
    return { head: Buffer.from(`{"klines":[${closed.join(',')}${comma}`), endsWithOpen };
  }
}
