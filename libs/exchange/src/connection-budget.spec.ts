import { ConnectionBudget } from './connection-budget';

describe('ConnectionBudget', () => {
  it('lets attempts through until the limit, then waits for the oldest to leave the window', () => {
    const budget = new ConnectionBudget(3, 1000);
    for (const time of [0, 100, 200]) {
      expect(budget.waitMs(time)).toBe(0);
      budget.record(time);
    }
    expect(budget.waitMs(300)).toBe(700);
    expect(budget.waitMs(1000)).toBe(0);
    budget.record(1000);
    expect(budget.waitMs(1000)).toBe(100);
  });
});
