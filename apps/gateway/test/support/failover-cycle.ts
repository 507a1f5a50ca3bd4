import { type Price } from '@pds/market';
import { isMsg, lastLines, nextLog, type RunningApp, type StreamClient } from '@pds/testing';
import { type DarkMode, type FailoverStack, MINUTE, type PriceAnswer, untilSource } from './failover-stack';
import { type LabelReport, watchingSourceLabels } from './source-labels';

/** What one dark period looked like from outside. */
export interface DarkCycle {
  /** The ingestor's own account of each switch (its log line, its clock). */
  readonly away: Record<string, unknown>;
  readonly back: Record<string, unknown>;
  /** The price served just before the primary went dark, and while the standby served. */
  readonly before: PriceAnswer;
  readonly during: PriceAnswer;
  /** Test-clock times: the primary made dark, and lit again. */
  readonly darkAt: number;
  readonly lightAt: number;
  /** The price operations' answers during and right after each switch (`X-Price-Source` against the value). */
  readonly labels: readonly LabelReport[];
  /** What the ingestor said of the primary (and any warning) from its lighting to the switch back. */
  readonly linesOfTheWayBack: readonly string[];
}

export interface CycleHooks {
  /** Runs while the standby serves, before the primary is lit again (checks of the dark period). */
  readonly whileStandbyServes?: () => Promise<void>;
}

function timeOf(entry: Record<string, unknown>): number {
  return Date.parse(String(entry.time));
}

/**
 * Makes the primary dark in one way, waits for the standby to serve, lights the primary again and
 * waits for it to serve again, checking on the way that a WebSocket client of /prices/current keeps
 * receiving frames (one after each switch).
 */
export async function darkCycle(
  stack: FailoverStack,
  mode: DarkMode,
  ws: StreamClient,
  hooks: CycleHooks = {},
): Promise<DarkCycle> {
  const before = await untilSource(stack, 'binance', 'the primary serving', 60_000);
  const awayLog = nextLog(stack.ingestor, isMsg('exchange-switched', { to: 'kraken' }), 60_000);
  const read = (path: string) => stack.answer(path);
  const darkAt = Date.now();
  const [{ away, during }, awayLabels] = await watchingSourceLabels(
    read,
    async () => {
      await stack.primary.post('/sim/dark', { mode });
      const switched = await awayLog;
      // The label follows the value: Kraken's first price may wait out a minute without a trade.
      const served = await untilSource(stack, 'kraken', `the standby serving (${mode})`, 150_000);
      await framesAfter(stack, ws, `a price frame while the standby serves (${mode})`);
      return { away: switched, during: served };
    },
    'kraken',
  );
  await hooks.whileStandbyServes?.();
  const backLog = nextLog(stack.ingestor, isMsg('exchange-switched', { to: 'binance' }), 3 * MINUTE);
  const lightAt = Date.now();
  const linesBeforeLight = stack.ingestor.output.length;
  const [back, backLabels] = await watchingSourceLabels(
    read,
    async () => {
      await stack.primary.post('/sim/light');
      const switched = await backLog;
      await untilSource(stack, 'binance', `the primary serving again (${mode})`, 30_000);
      await framesAfter(stack, ws, `a price frame once the primary is back (${mode})`);
      return switched;
    },
    'binance',
  );
  const linesOfTheWayBack = stack.ingestor.output
    .slice(linesBeforeLight)
    .filter((line) => line.includes('"exchange":"binance"') || /"level":"(warn|error)"/.test(line))
    .slice(-30);
  return { away, back, before, during, darkAt, lightAt, labels: [awayLabels, backLabels], linesOfTheWayBack };
}

/** Resolves once the client has received a frame it did not have when called. */
async function framesAfter(stack: FailoverStack, ws: StreamClient, what: string): Promise<void> {
  const known = ws.frames.length;
  // Generous: a standby may be in a quiet minute (Kraken has minutes without a trade, so without a price).
  const deadline = Date.now() + 150_000;
  while (ws.frames.length === known && !ws.closeInfo && Date.now() < deadline)
    await ws.wait(deadline - Date.now());
  if (ws.frames.length > known) return;
  throw new Error(`no ${what}: ${await streamState(stack, ws, known)}`);
}

/** What a test needs to tell a closed stream, a dead gateway and a price that stopped moving apart. */
async function streamState(stack: FailoverStack, ws: StreamClient, known: number): Promise<string> {
  const gateway = stack.harness.gateways[0];
  const said = (app: RunningApp | undefined) => lastLines(app, 15, /"level":"(warn|error|fatal)"|"msg":"ws-/);
  const state = {
    close: ws.closeInfo ?? null,
    frames: known,
    lastFrame: ws.frames.at(-1) ?? null,
    served: await stack.currentPrice().catch((error: unknown) => String(error)),
    gatewayExit: gateway?.process.exitCode ?? gateway?.process.signalCode ?? null,
    gatewaySaid: said(gateway),
    ingestorSaid: said(stack.ingestor),
  };
  return JSON.stringify(state, null, 1);
}

/** The switch came within 15 s of the primary's last message; the way back within 90 s and a minute after. */
export function expectSwitchTimes(cycle: DarkCycle): void {
  expect(Number(cycle.away.silentForMs)).toBeLessThanOrEqual(15_000);
  expect(timeOf(cycle.back) - timeOf(cycle.away)).toBeGreaterThanOrEqual(MINUTE);
  const wayBackMs = timeOf(cycle.back) - cycle.lightAt;
  if (wayBackMs > 90_000) {
    const said = cycle.linesOfTheWayBack.join('\n');
    throw new Error(`the way back took ${wayBackMs} ms (at most 90,000); the ingestor meanwhile:\n${said}`);
  }
  expect(Date.parse(cycle.during.price?.time ?? '')).toBeGreaterThanOrEqual(
    Date.parse(cycle.before.price?.time ?? ''),
  );
}

/** Every answer around each switch named the exchange whose value it carried; both exchanges answered. */
export function expectLabelsOfValues(cycle: DarkCycle): void {
  expect(cycle.labels.flatMap((report) => report.mismatches)).toEqual([]);
  const [away, back] = cycle.labels;
  expect(away?.answers.kraken).toBeGreaterThan(0);
  expect(back?.answers.binance).toBeGreaterThan(0);
}

/** Price frames in arrival order never go back in time; the client was never closed. */
export function expectPriceFramesInOrder(ws: StreamClient): void {
  const times = ws.frames.map((frame) => Date.parse((frame as unknown as Price).time));
  const backwards = times.filter((time, index) => index > 0 && time < (times[index - 1] ?? 0));
  expect(backwards).toEqual([]);
  expect(ws.closeInfo).toBeUndefined();
}
