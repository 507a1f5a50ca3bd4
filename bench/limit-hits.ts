// What answered the gateway's limit hits in a bench round: a performance figure, never a test's.
import { type RunningApp, scrapeMetrics } from '@pds/testing';

interface LimitHits {
  readonly lease: number;
  readonly redis: number;
}

/** The gateway's limit hits so far, by what answered them (`pds_rate_limit_hits_total{answered}`). */
export async function limitHits(app: RunningApp | undefined): Promise<LimitHits | undefined> {
  if (!app) return undefined;
  const scrape = await scrapeMetrics(app);
  const answered = (by: string) => scrape.value('pds_rate_limit_hits_total', { answered: by }) ?? 0;
  return { lease: answered('lease'), redis: answered('redis') };
}

/** The share of the hits between two counts that a lease answered. */
export function leasedShareOf(
  before: LimitHits | undefined,
  after: LimitHits | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  const lease = after.lease - before.lease;
  return lease / Math.max(1, lease + after.redis - before.redis);
}
