import type { KlineWrite, WriteStep } from './write-step';

function closedKey(write: KlineWrite): string {
  return `${write.interval}|${write.kline.openTime}`;
}

/**
 * One step with the same end state as applying `steps` in order, for writing what queued up while
 * an earlier write was in flight: the last price; every closed kline, once per interval and
 * openTime (the exchange's final `closed` wins over the service's own `closed-if-absent`, a later
 * one over an earlier); the last open kline per interval, after that interval's closes. The steps
 * carry one exchange's values (`stepsByExchange` splits a queue at each switch).
 */
export function mergeSteps(steps: readonly WriteStep[]): WriteStep {
  if (steps.length === 1 && steps[0]) return steps[0];
  let eventTime = Number.NEGATIVE_INFINITY;
  let price: WriteStep['price'];
  let priceTradeId: WriteStep['priceTradeId'];
  let status: WriteStep['status'];
  let exchange: WriteStep['exchange'];
  const closed = new Map<string, KlineWrite>();
  const open = new Map<string, KlineWrite>();
  for (const step of steps) {
    eventTime = Math.max(eventTime, step.eventTime);
    if (step.price) [price, priceTradeId] = [step.price, step.priceTradeId];
    status = step.status ?? status;
    exchange = step.exchange ?? exchange;
    for (const write of step.klines) {
      if (write.kind === 'open') {
        open.delete(write.interval);
        open.set(write.interval, write);
        continue;
      }
      const existing = closed.get(closedKey(write));
      if (existing?.kind === 'closed' && write.kind === 'closed-if-absent') continue;
      closed.delete(closedKey(write));
      closed.set(closedKey(write), write);
    }
  }
  const closes = [...closed.values()];
  const klines = [...closes, ...open.values()];
  return {
    eventTime,
    price,
    ...(priceTradeId === undefined ? {} : { priceTradeId }),
    klines,
    ...(status === undefined ? {} : { status }),
    ...(exchange === undefined ? {} : { exchange }),
  };
}

/**
 * The queued steps in runs of one exchange each, in order: merged, the values of two exchanges
 * would be stored under one exchange's name.
 */
export function stepsByExchange(steps: readonly WriteStep[]): WriteStep[][] {
  const runs: WriteStep[][] = [];
  for (const step of steps) {
    const run = runs.at(-1);
    const runExchange = run?.find((queued) => queued.exchange !== undefined)?.exchange;
    if (run && (step.exchange === undefined || runExchange === undefined || step.exchange === runExchange)) {
      run.push(step);
    } else runs.push([step]);
  }
  return runs;
}
