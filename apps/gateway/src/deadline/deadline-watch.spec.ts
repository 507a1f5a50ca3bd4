import type { GatewayEnvironment } from '../gateway.environment';
import { DeadlineWatch } from './deadline-watch';

const BUDGET_MS = 800;

describe('DeadlineWatch', () => {
  let watch: DeadlineWatch;
  let now: number;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    watch = new DeadlineWatch({ REQUEST_DEADLINE_MS: BUDGET_MS } as GatewayEnvironment);
  });

  afterEach(() => {
    watch.onModuleDestroy();
    jest.restoreAllMocks();
  });

  it('should answer a request still waiting at its deadline, once', () => {
    const overdue = jest.fn();
    watch.start(overdue);
    watch.sweep(now + BUDGET_MS - 1);
    expect(overdue).not.toHaveBeenCalled();
    watch.sweep(now + BUDGET_MS);
    watch.sweep(now + BUDGET_MS + 50);
    expect(overdue).toHaveBeenCalledTimes(1);
  });

  it('should leave alone a request answered in time', () => {
    const overdue = jest.fn();
    watch.settle(watch.start(overdue));
    watch.sweep(now + 10 * BUDGET_MS);
    expect(overdue).not.toHaveBeenCalled();
  });

  it('should give an operation with an allowance that much more time', () => {
    const overdue = jest.fn();
    watch.start(overdue, 2000);
    watch.sweep(now + BUDGET_MS + 1999);
    expect(overdue).not.toHaveBeenCalled();
    watch.sweep(now + BUDGET_MS + 2000);
    expect(overdue).toHaveBeenCalledTimes(1);
  });

  it('should stop the clock while the request waits on the exchange, and give Redis its full time after', async () => {
    const overdue = jest.fn();
    const deadline = watch.start(overdue);
    let exchangeAnswers: (value: string) => void = () => undefined;
    const waiting = deadline.notCounting(new Promise<string>((resolve) => (exchangeAnswers = resolve)));
    now += 5 * BUDGET_MS;
    watch.sweep(now);
    expect(overdue).not.toHaveBeenCalled();
    exchangeAnswers('pages filled');
    await expect(waiting).resolves.toBe('pages filled');
    watch.sweep(now + BUDGET_MS - 1);
    expect(overdue).not.toHaveBeenCalled();
    watch.sweep(now + BUDGET_MS);
    expect(overdue).toHaveBeenCalledTimes(1);
  });
});
