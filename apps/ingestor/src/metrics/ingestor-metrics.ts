import { Injectable } from '@nestjs/common';
import { counterReadAtScrape, gaugeReadAtScrape, labelledCounterReadAtScrape } from '@pds/observability';
import { Registry } from 'prom-client';
import { MarketFeed } from '../feed/market-feed';

/**
 * The ingestor's counters in Prometheus form, read at each scrape from the counts the feed keeps
 * for its `stats` line (one count each, not a second one here). Lag is WriteLag's.
 */
@Injectable()
export class IngestorMetrics {
  constructor(registry: Registry, feed: MarketFeed) {
    labelledCounterReadAtScrape({
      registry,
      name: 'pds_ingestor_events_total',
      help: 'Exchange events received (rate() of it is events per second), by type',
      label: 'type',
      read: () => {
        const stats = feed.stats();
        return { trade: stats.tradesSeen, kline: stats.klinePushesSeen };
      },
    });
    counterReadAtScrape({
      registry,
      name: 'pds_ingestor_reconnects_total',
      help: 'Exchange stream connections replaced after they died',
      read: () => feed.stats().reconnects ?? 0,
    });
    counterReadAtScrape({
      registry,
      name: 'pds_ingestor_malformed_frames_total',
      help: 'Exchange frames skipped as malformed',
      read: () => feed.stats().malformedFrames ?? 0,
    });
    counterReadAtScrape({
      registry,
      name: 'pds_ingestor_gaps_detected_total',
      help: 'Spans of exchange time the live data may have missed, each sent for repair',
      read: () => feed.stats().gapsDetected,
    });
    gaugeReadAtScrape({
      registry,
      name: 'pds_ingestor_leader',
      help: '1 while this process holds the leader lease, 0 as a standby',
      read: () => (feed.stats().role === 'leader' ? 1 : 0),
    });
    lastEventGauge(registry, feed);
  }
}

/** For "no tick for 30 s": time() minus it is the age of the newest exchange event. */
function lastEventGauge(registry: Registry, feed: MarketFeed): void {
  gaugeReadAtScrape({
    registry,
    name: 'pds_ingestor_last_event_seconds',
    help: 'Exchange time (epoch seconds) of the newest event this process received; absent before the first',
    read: () => {
      const eventTime = feed.stats().lastEventTime;
      return eventTime === undefined ? undefined : eventTime / 1000;
    },
  });
}
