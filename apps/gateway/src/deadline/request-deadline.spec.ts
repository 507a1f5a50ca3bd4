import { RequestDeadline } from './request-deadline';

const BUDGET_MS = 800;

describe('RequestDeadline', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('should answer a request still waiting at its deadline, once', () => {
    const overdue = jest.fn();
    new RequestDeadline(BUDGET_MS, 0, overdue);
    jest.advanceTimersByTime(BUDGET_MS - 1);
    expect(overdue).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10 * BUDGET_MS);
    expect(overdue).toHaveBeenCalledTimes(1);
  });

  it('should leave alone a request answered in time', () => {
    const overdue = jest.fn();
    new RequestDeadline(BUDGET_MS, 0, overdue).settle();
    jest.advanceTimersByTime(10 * BUDGET_MS);
    expect(overdue).not.toHaveBeenCalled();
  });

  it('should give an operation with an allowance that much more time', () => {
    const overdue = jest.fn();
    new RequestDeadline(BUDGET_MS, 2000, overdue);
    jest.advanceTimersByTime(BUDGET_MS + 1999);
    expect(overdue).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(overdue).toHaveBeenCalledTimes(1);
  });

  it('should stop the clock while the request waits on the exchange, and give Redis its full time after', async () => {
    const overdue = jest.fn();
    const deadline = new RequestDeadline(BUDGET_MS, 0, overdue);
    jest.advanceTimersByTime(BUDGET_MS - 100);
    let exchangeAnswers: (value: string) => void = () => undefined;
    const waiting = deadline.notCounting(new Promise<string>((resolve) => (exchangeAnswers = resolve)));
    jest.advanceTimersByTime(5 * BUDGET_MS);
    expect(overdue).not.toHaveBeenCalled();
    exchangeAnswers('pages filled');
    await expect(waiting).resolves.toBe('pages filled');
    jest.advanceTimersByTime(BUDGET_MS - 1);
    expect(overdue).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(overdue).toHaveBeenCalledTimes(1);
  });

  it('should not start the clock again for a request answered while it waited', async () => {
    const overdue = jest.fn();
    const deadline = new RequestDeadline(BUDGET_MS, 0, overdue);
    const waiting = deadline.notCounting(Promise.resolve('done'));
    deadline.settle();
    await waiting;
    jest.advanceTimersByTime(10 * BUDGET_MS);
    expect(overdue).not.toHaveBeenCalled();
  });

  describe('deferred', () => {
    it('should arm no timer for a request answered without waiting', () => {
      const overdue = jest.fn();
      RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now()).settle();
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(10 * BUDGET_MS);
      expect(overdue).not.toHaveBeenCalled();
    });

    it('should count from the start, not from when the request first waits', () => {
      const overdue = jest.fn();
      const deadline = RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now());
      jest.advanceTimersByTime(BUDGET_MS - 300);
      expect(jest.getTimerCount()).toBe(0);
      deadline.waiting();
      jest.advanceTimersByTime(299);
      expect(overdue).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(overdue).toHaveBeenCalledTimes(1);
    });

    it('should answer at once a request that first waits past its deadline', () => {
      const overdue = jest.fn();
      const deadline = RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now() - 2 * BUDGET_MS);
      deadline.waiting();
      jest.advanceTimersByTime(1);
      expect(overdue).toHaveBeenCalledTimes(1);
    });

    it('should arm once, however often the request waits', () => {
      const overdue = jest.fn();
      const deadline = RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now());
      deadline.waiting();
      jest.advanceTimersByTime(BUDGET_MS / 2);
      deadline.waiting();
      expect(jest.getTimerCount()).toBe(1);
      jest.advanceTimersByTime(BUDGET_MS / 2);
      expect(overdue).toHaveBeenCalledTimes(1);
    });

    it('should leave the clock stopped while the request waits on the exchange', async () => {
      const overdue = jest.fn();
      const deadline = RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now());
      let exchangeAnswers: (value: string) => void = () => undefined;
      const waiting = deadline.notCounting(new Promise<string>((resolve) => (exchangeAnswers = resolve)));
      deadline.waiting();
      jest.advanceTimersByTime(5 * BUDGET_MS);
      expect(overdue).not.toHaveBeenCalled();
      exchangeAnswers('pages filled');
      await waiting;
      jest.advanceTimersByTime(BUDGET_MS - 1);
      expect(overdue).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(overdue).toHaveBeenCalledTimes(1);
    });

    it('should not arm for a request already answered', () => {
      const overdue = jest.fn();
      const deadline = RequestDeadline.deferred(BUDGET_MS, 0, overdue, performance.now());
      deadline.settle();
      deadline.waiting();
      expect(jest.getTimerCount()).toBe(0);
    });
  });
});
