import { type Interval, intervalMs, type Kline } from '@pds/market';
import { connect, eventually, exchangeHistory, type StreamClient, wsUrl } from '@pds/testing';
import {
  darkCycle,
  type DarkCycle,
  expectLabelsOfValues,
  expectPriceFramesInOrder,
  expectSwitchTimes,
} from './failover-cycle';
import { type DarkMode, failoverStack, type FailoverStack, MINUTE } from './failover-stack';

const HOUR = 60 * MINUTE;
/**
 * The simulators' clocks start this long before an hour boundary, which the first dark period spans:
 * the stack must be up 25 s before it (its start took about 100 s with the bench running beside the suite).
 */
const LEAD_MS = 150_000;
/** The first dark period starts this long before the boundary (the switch comes within 15 s). */
const DARK_BEFORE_BOUNDARY_MS = 25_000;

/** The standby's own open kline is served: the Kraken simulator's REST has it with the same values so far. */
async function expectStandbyOpenKline(stack: FailoverStack, interval: Interval): Promise<void> {
  const served = await stack.currentKline(interval);
  expect(served.source).toBe('kraken');
  const openTime = Date.parse(served.kline?.openTime ?? '');
  const [own] = await stack.standbyKlines(interval, openTime, openTime);
  expect({ interval, openTime: served.kline?.openTime, open: served.kline?.open }).toEqual({
    interval,
    openTime: own?.openTime,
    open: own?.open,
  });
}

/** Every closed kline the gateway serves for the span equals the primary's REST history, once repaired. */
async function expectPrimaryHistory(
  stack: FailoverStack,
  interval: Interval,
  from: number,
  to: number,
): Promise<void> {
  const range = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&limit=1000`;
  const settled = await eventually(
    async () => {
      const served = (await stack.klines(interval, range)).klines.filter((kline) => kline.isClosed);
      const primary = await exchangeHistory(stack.primary.restUrl, 'btcusdt', interval, from, to);
      const closed = primary.filter((kline) => kline.isClosed);
      return served.length > 0 && JSON.stringify(served) === JSON.stringify(closed)
        ? { served, closed }
        : undefined;
    },
    `the served ${interval} klines of the dark period equal to the primary's history`,
    90_000,
  );
  expect(settled.served).toEqual(settled.closed);
  const openTimes = settled.served.map((kline: Kline) => kline.openTime);
  expect(new Set(openTimes).size).toBe(openTimes.length);
}

/**
 * CONTRACT section 11 against real simulators: for each mode, the primary goes dark, Kraken serves
 * (X-Price-Source, fresh prices, WebSocket clients kept), the primary comes back and serves again,
 * no switch twice within a minute; after the first dark period, which spans an hour boundary, the
 * served history of the dark period is the primary's.
 */
export function describeFailover(
  label: string,
  modes: readonly [DarkMode, ...DarkMode[]],
  options: { readonly historyAcrossAnHour: boolean },
): void {
  describe(`the standby carries the service while the primary is dark (${modes.join(', ')})`, () => {
    let stack: FailoverStack;
    let ws: StreamClient;
    let boundary: number;
    const cycles: DarkCycle[] = [];

    beforeAll(async () => {
      const now = Date.now();
      // The simulators' clocks run behind ours, never ahead: the ingest script refuses times far
      // beyond Redis's clock (CONTRACT section 11), as it would an exchange's.
      boundary = Math.floor((now + LEAD_MS) / HOUR) * HOUR;
      const clockOffsetMs = options.historyAcrossAnHour ? boundary - LEAD_MS - now : 0;
      stack = await failoverStack(label, { clockOffsetMs });
      ws = (
        await connect(
          wsUrl(stack.harness.url(), '/api/v1/prices/current', { apiKey: stack.headers['x-api-key'] ?? '' }),
        )
      ).client;
    });

    afterAll(async () => {
      await ws.close();
      await stack.close();
    });

    it.each(modes.map((mode, index) => [mode, index === 0 && options.historyAcrossAnHour] as const))(
      'switches to Kraken and back when the primary is %s',
      async (mode, withHistory) => {
        if (withHistory) {
          await eventually(
            async () => ((await stack.simTime()) >= boundary - DARK_BEFORE_BOUNDARY_MS ? true : undefined),
            'the first dark moment',
            3 * MINUTE,
          );
          expect(await stack.simTime()).toBeLessThan(boundary - 12_000);
        }
        const cycle = await darkCycle(stack, mode, ws, {
          whileStandbyServes: async () => {
            await expectStandbyOpenKline(stack, '1m');
            await expectStandbyOpenKline(stack, '1h');
            if (withHistory)
              await eventually(
                async () => ((await stack.simTime()) >= boundary + 5_000 ? true : undefined),
                'the hour boundary',
                MINUTE,
              );
          },
        });
        cycles.push(cycle);
        expectSwitchTimes(cycle);
        expectLabelsOfValues(cycle);
        expectPriceFramesInOrder(ws);
        if (withHistory) {
          const simNow = await stack.simTime();
          for (const interval of ['1m', '1h'] as const) {
            const step = intervalMs(interval);
            await expectPrimaryHistory(stack, interval, boundary - 2 * step, simNow - step);
          }
        }
      },
    );

    it('never switched twice within a minute', () => {
      const switches = stack.ingestor.output
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return undefined;
          }
        })
        .filter((entry) => entry?.msg === 'exchange-switched');
      expect(switches).toHaveLength(2 * cycles.length);
    });
  });
}
