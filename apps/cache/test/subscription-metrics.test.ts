import { type RunningApp, scrapeMetrics } from '@pds/testing';
import { HistoryStore, isMsg, type Sim, startCache, startSim } from './support/history-stack';

describe('cache: active subscriptions by plan, counted at scrape time', () => {
  const store = new HistoryStore('cache-subscriptions');
  let sim: Sim;
  let cache: RunningApp;

  beforeAll(async () => {
    // Accounts as billing writes them: the billed set, and each account's plan in its hash.
    const plans = { a1: 'pro', a2: 'pro', a3: 'business', a4: 'free' };
    for (const [accountId, plan] of Object.entries(plans)) {
      await store.redis.sadd(store.keys.billedAccounts(), accountId);
      await store.redis.hset(store.keys.account(accountId), 'plan', plan);
    }
    sim = await startSim();
    cache = await startCache(store.prefix, sim, { WARM_UP_KLINES: '10' });
    await cache.waitForLog(isMsg('job-completed', { name: 'warm-up' }));
  });

  afterAll(async () => {
    await cache.stop();
    await sim.app.stop();
    await store.close();
  });

  it('should report every paid plan, free accounts left out, and follow a change at the next scrape', async () => {
    const before = await scrapeMetrics(cache);
    expect(before.value('pds_billing_active_subscriptions', { plan: 'pro' })).toBe(2);
    expect(before.value('pds_billing_active_subscriptions', { plan: 'business' })).toBe(1);
    expect(before.find('pds_billing_active_subscriptions', { plan: 'free' })).toEqual([]);

    await store.redis.hset(store.keys.account('a2'), 'plan', 'free');
    const after = await scrapeMetrics(cache);
    expect(after.value('pds_billing_active_subscriptions', { plan: 'pro' })).toBe(1);
    expect(after.value('pds_billing_boosts_sold_total')).toBe(0);
    expect(after.value('pds_cache_job_attempts_failed_total', { name: 'repair-gap', attempt: '3' })).toBe(0);
  });
});
