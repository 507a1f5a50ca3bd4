// What answered the gateway's limit hits in a bench round: a performance figure, never a test's.
import { type RunningApp, scrapeMetrics } from '@pds/testing';

interface LimitHits {
  readonly allotment: number;
  readonly redis: number;
}

/** The gateway's limit hits so far, by what answered them (`pds_rate_limit_hits_total{answered}`). */
export async function limitHits(app: RunningApp | undefined): Promise<LimitHits | undefined> {
  if (!app) return undefined;
  const scrape = await scrapeMetrics(app);
  const answered = (by: string) => scrape.value('pds_rate_limit_hits_total', { answered: by }) ?? 0;
  return { allotment: answered('allotment'), redis: answered('redis') };
}

/** The share of the hits between two counts that an allotment answered. */
export function allottedShareOf(
  before: LimitHits | undefined,
  after: LimitHits | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  const allotment = after.allotment - before.allotment;
  return allotment / Math.max(1, allotment + after.redis - before.redis);
}
