import type { Kline, Price } from '@pds/market';
import { eventually } from '@pds/testing';

/** One answer of a price operation: its `X-Price-Source` and its body (undefined unless 200). */
export interface LabelledAnswer {
  readonly source: string | null;
  readonly body: unknown;
}

export type AnswerReader = (path: string) => Promise<LabelledAnswer>;

/**
 * Which simulator a served decimal came from: Binance prints eight decimals (`97000.12000000`),
 * Kraken its own digits on the 0.1 tick (`97000.1`).
 */
export function exchangeOfDecimal(decimal: string): 'binance' | 'kraken' {
  return /\.\d{8}$/.test(decimal) ? 'binance' : 'kraken';
}

/** The newest value of each price operation's answer: the price, the open kline, the last kline. */
const OPERATIONS: readonly { readonly path: string; newest(body: unknown): string | undefined }[] = [
  { path: '/api/v1/prices/current', newest: (body) => (body as Price).price },
  { path: '/api/v1/prices/klines/current?interval=1m', newest: (body) => (body as Kline).close },
  {
    path: '/api/v1/prices/klines?interval=1m&limit=3',
    newest: (body) => (body as { klines: Kline[] }).klines.at(-1)?.close,
  },
];

export interface LabelReport {
  /** Answers with a value, per `X-Price-Source`. */
  readonly answers: Record<string, number>;
  /** Answers whose label names another exchange than the one whose value they carry. */
  readonly mismatches: string[];
}

export interface LabelPoller {
  /** Resolves once an answer with a value was labelled `label`. */
  answered(label: string, timeoutMs: number): Promise<void>;
  stop(): Promise<LabelReport>;
}

/**
 * Asks the three price operations in turn, a moment apart, until stopped, and keeps every answer
 * whose `X-Price-Source` does not name the exchange of the value it carries (CONTRACT section 11).
 */
export function pollSourceLabels(read: AnswerReader, pauseMs = 20): LabelPoller {
  const answers: Record<string, number> = {};
  const mismatches: string[] = [];
  const state = { stopped: false };
  const loop = (async () => {
    for (let turn = 0; !state.stopped; turn += 1) {
      const operation = OPERATIONS[turn % OPERATIONS.length] as (typeof OPERATIONS)[number];
      if (turn > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      // An answer that never came (the stack going down) carries no label to check.
      const answer = await read(operation.path).catch(() => ({ source: null, body: undefined }));
      const newest = answer.body === undefined ? undefined : operation.newest(answer.body);
      if (newest === undefined) continue;
      const label = answer.source ?? 'none';
      answers[label] = (answers[label] ?? 0) + 1;
      if (label !== exchangeOfDecimal(newest)) {
        mismatches.push(`${operation.path}: X-Price-Source ${label} with ${newest}`);
      }
    }
  })();
  return {
    answered: async (label, timeoutMs) => {
      const counted = () => Promise.resolve((answers[label] ?? 0) > 0 ? true : undefined);
      await eventually(counted, `a polled answer labelled ${label}`, timeoutMs);
    },
    stop: async () => {
      state.stopped = true;
      await loop;
      return { answers, mismatches };
    },
  };
}

/**
 * Runs `run` with the labels polled all along, and goes on polling until an answer labelled `until`
 * was counted (the poller's own turn may lag the exchange `run` saw serving); the poller stops
 * however this ends. With `from`, it first waits for an answer labelled `from`.
 */
export async function watchingSourceLabels<T>(
  read: AnswerReader,
  run: () => Promise<T>,
  until: string,
  from?: string,
): Promise<[T, LabelReport]> {
  const poller = pollSourceLabels(read);
  try {
    // The watch spans the switch: an answer from the first source before `run` (a busy machine may
    // start the poller late).
    if (from !== undefined) await poller.answered(from, 60_000);
    const result = await run();
    await poller.answered(until, 60_000);
    return [result, await poller.stop()];
  } finally {
    await poller.stop();
  }
}
