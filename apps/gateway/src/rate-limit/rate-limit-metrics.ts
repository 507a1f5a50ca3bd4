import { Injectable } from '@nestjs/common';
import { counterReadAtScrape, labelledCounterReadAtScrape } from '@pds/observability';
import { FixedWindowCounter } from '@pds/redis';
import { Registry } from 'prom-client';

/**
 * What answered the hits of this gateway's fixed-window limits (REST, accounts, failed
 * credentials): a script call in Redis, or, for a busy key with a high limit, this replica's allotment
 * of its window; how many refusals waited for other replicas' allotments; and how many allotted hits came
 * back too late for their window and were dropped. Read at each scrape.
 */
@Injectable()
export class RateLimitMetrics {
  constructor(registry: Registry, counter: FixedWindowCounter) {
    const { tally } = counter;
    labelledCounterReadAtScrape({
      registry,
      name: 'pds_rate_limit_hits_total',
      help: 'Hits of the fixed-window limits, by what answered them: redis (a script call) or allotment (no trip)',
      label: 'answered',
      read: () => ({ redis: tally.byRedis, allotment: tally.byAllotment }),
    });
    counterReadAtScrape({
      registry,
      name: 'pds_rate_limit_allotment_waits_total',
      help: 'Hits refused while other replicas held allotments of their window, held to ask again once those settled',
      read: () => tally.waits,
    });
    counterReadAtScrape({
      registry,
      name: 'pds_rate_limit_late_returns_dropped_total',
      help: 'Unused allotted hits a replica gave back after their window had ended, dropped by the script (a stalled replica)',
      read: () => tally.lateReturnsDropped,
    });
  }
}
