import { Inject, Injectable } from '@nestjs/common';
import { paidPlans } from '@pds/billing';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { Gauge, Registry } from 'prom-client';
import { CacheEnvironment } from '../cache.environment';

/** A scrape waits this long for Redis, then leaves the gauge out. */
const SCRAPE_TIMEOUT_MS = 1000;

/**
 * Active subscriptions by plan, counted at each scrape from the accounts that ever had a Stripe
 * customer (the billed set, paying customers only: small), one HGET each. Read here, on
 * the worker, so no request of the gateway pays for it; every paid plan has a series, 0 included.
 */
@Injectable()
export class SubscriptionMetrics {
  constructor(
    registry: Registry,
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    env: CacheEnvironment,
  ) {
    const plans = paidPlans(env).map((plan) => plan.id);
    const count = (): Promise<Map<string, number>> => this.countByPlan();
    new Gauge({
      name: 'pds_billing_active_subscriptions',
      help: 'Accounts on a paid plan (a paying subscription), by plan, across the service',
      labelNames: ['plan'],
      registers: [registry],
      async collect() {
        this.reset();
        const counts = await withTimeout(count());
        if (!counts) return;
        for (const plan of plans) this.set({ plan }, counts.get(plan) ?? 0);
      },
    });
  }

  private async countByPlan(): Promise<Map<string, number>> {
    const accountIds = await this.redis.smembers(this.keys.billedAccounts());
    // One HGET each, sent together (no MULTI: the accounts live in different Cluster slots).
    const plans = await Promise.all(accountIds.map((id) => this.redis.hget(this.keys.account(id), 'plan')));
    const counts = new Map<string, number>();
    for (const plan of plans) if (plan !== null) counts.set(plan, (counts.get(plan) ?? 0) + 1);
    return counts;
  }
}

async function withTimeout<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, SCRAPE_TIMEOUT_MS, undefined);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
