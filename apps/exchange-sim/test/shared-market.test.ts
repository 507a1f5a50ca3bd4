import { type Sim, startExchangeSim } from '@pds/testing';
import { payload, StreamClient } from './stream-client';

/** The live market's step (market/live-walk.ts): one price per step and exchange. */
const STEP_MS = 100;
const NOISE_BPS = 5;
/** Moments both exchanges traded in, to compare: enough that agreeing by chance is ruled out. */
const SHARED_STEPS = 30;

/** The price of each trade step seen on a Binance trade stream. */
function pricesByStep(client: StreamClient): Map<number, number> {
  const prices = new Map<number, number>();
  for (const frame of client.frames) {
    const data = payload(frame);
    if (data.e === 'trade') prices.set(Math.floor(Number(data.T) / STEP_MS), Number(data.p));
  }
  return prices;
}

/** The steps both clients saw, with each one's price: once there are `count` of them. */
async function sharedSteps(
  first: StreamClient,
  second: StreamClient,
  count: number,
): Promise<[number, number][]> {
  const shared = (): [number, number][] => {
    const theirs = pricesByStep(second);
    return [...pricesByStep(first)].flatMap(([step, price]) => {
      const other = theirs.get(step);
      return other === undefined ? [] : [[price, other] as [number, number]];
    });
  };
  const enough = (): boolean => shared().length >= count;
  // Either stream's next frame may complete the count: whichever sees it first.
  await Promise.race([first.next(enough, 60_000), second.next(enough, 60_000)]);
  const pairs = shared();
  expect(pairs.length).toBeGreaterThanOrEqual(count);
  return pairs;
}

describe('exchange-sim: one live market, each exchange printing it its own way', () => {
  const market = {
    SIM_SEED: '21',
    SIM_TRADES_PER_SECOND: '20',
    SIM_NOISE_BPS: String(NOISE_BPS),
    SIM_LAG_MS: '0',
    SIM_PRICE_PREMIUM_BPS: '0',
    SIM_WS_MESSAGES_PER_SECOND: '0',
  };
  const sims: Sim[] = [];
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    sims.push(
      ...(await Promise.all([
        startExchangeSim({ ...market, SIM_EXCHANGE: 'binance' }),
        startExchangeSim({ ...market, SIM_EXCHANGE: 'binance' }),
        startExchangeSim({ ...market, SIM_EXCHANGE: 'binance-us' }),
      ])),
    );
    clients.push(
      ...(await Promise.all(sims.map((sim) => StreamClient.open(`${sim.wsUrl}/ws/btcusdt@trade`)))),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(sims.map((sim) => sim.app.stop()));
  });

  it('prints the same prices at the same moments for the same seed and exchange', async () => {
    const [binance, twin] = clients as [StreamClient, StreamClient];
    for (const [price, again] of await sharedSteps(binance, twin, SHARED_STEPS)) expect(again).toBe(price);
  });

  it('prints another exchange within the noise of the same market, not equal to it', async () => {
    const [binance, , binanceUs] = clients as [StreamClient, StreamClient, StreamClient];
    const pairs = await sharedSteps(binance, binanceUs, SHARED_STEPS);
    // Each wanders at most NOISE_BPS from the market, so the two are at most twice that apart.
    for (const [price, other] of pairs) {
      expect(Math.abs(other / price - 1) * 10_000).toBeLessThanOrEqual(2 * NOISE_BPS + 0.01);
    }
    expect(pairs.some(([price, other]) => price !== other)).toBe(true);
  });
});
