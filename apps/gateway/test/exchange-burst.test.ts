import { hostileStack, type HostileStack, servedFollows } from './support/hostile-stack';

jest.setTimeout(4 * 60_000);

const BURST = 50_000;
/** Generous: the figure to hold (10 s on the reference machine) is the bench's, not this test's. */
const ABSORBED_WITHIN_MS = 120_000;

describe('a burst of valid frames from the exchange (CONTRACT section 11, "Bursts")', () => {
  let stack: HostileStack;

  beforeAll(async () => {
    stack = await hostileStack('exchange-burst');
    await servedFollows(stack, stack.binance, 60_000);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('should serve the exchange’s newest trade again and keep every process running when 50,000 frames arrive at once', async () => {
    const burst = await stack.binance.post<{ id: number }>('/sim/trade', {
      price: '96500.00000000',
      qty: '0.00100000',
      count: BURST,
    });

    const newest = await servedFollows(stack, stack.binance, ABSORBED_WITHIN_MS);

    expect(newest.id).toBeGreaterThan(burst.id);
    expect(stack.exited()).toEqual([]);
  });
});
