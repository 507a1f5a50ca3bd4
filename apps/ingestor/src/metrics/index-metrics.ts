import { Injectable } from '@nestjs/common';
import { counterReadAtScrape, labelledGaugeReadAtScrape } from '@pds/observability';
import { Registry } from 'prom-client';
import { IndexFeed } from '../index-price/index-feed';

/**
 * The index as this process computes it (docs/index.md): leader and standbys alike, the leader's
 * being the one written (join on `pds_ingestor_leader`).
 */
@Injectable()
export class IndexMetrics {
  constructor(registry: Registry, index: IndexFeed) {
    labelledGaugeReadAtScrape({
      registry,
      name: 'pds_index_source_included',
      help: "1 for each exchange included in the index's newest second, 0 for one with a price left out",
      labels: ['exchange'],
      read: () =>
        (index.latest?.sources ?? []).map(({ exchange, included }) => ({
          labels: { exchange },
          value: included ? 1 : 0,
        })),
    });
    counterReadAtScrape({
      registry,
      name: 'pds_index_unavailable_seconds_total',
      help: 'Seconds computed without an index value (fewer than two sources included)',
      read: () => index.unavailableSeconds,
    });
  }
}
