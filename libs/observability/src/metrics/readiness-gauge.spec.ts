import { Registry } from 'prom-client';
import type { Readiness } from './readiness';
import { readinessGauge } from './readiness-gauge';

describe('readinessGauge', () => {
  async function scrapeWith(check: () => Promise<Readiness>): Promise<number | undefined> {
    const registry = new Registry();
    readinessGauge(registry, check);
    const metric = await registry.getSingleMetric('pds_ready')?.get();
    return metric?.values[0]?.value;
  }

  it('should be 1 when the readiness check passes', async () => {
    expect(await scrapeWith(() => Promise.resolve({ ready: true }))).toBe(1);
  });

  it('should be 0 when the check fails, and when it throws', async () => {
    expect(await scrapeWith(() => Promise.resolve({ ready: false, reason: 'stale' }))).toBe(0);
    expect(await scrapeWith(() => Promise.reject(new Error('redis gone')))).toBe(0);
  });
});
