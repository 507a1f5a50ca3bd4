import { Injectable } from '@nestjs/common';
import { counterReadAtScrape, labelledGaugeReadAtScrape } from '@pds/observability';
import { REFUSAL_REASONS } from '@pds/exchange';
import { Counter, Registry } from 'prom-client';
import { MarketFeed } from '../feed/market-feed';
import { MarketSources } from '../sources/market-sources';
import { deviationRatios } from './price-deviation';

const FEED_STATES = ['live', 'dark'] as const;

/**
 * The exchanges as this process sees them (CONTRACT section 11); the leader's view is the one that
 * is written (join on `pds_ingestor_leader`).
 */
@Injectable()
export class ExchangeMetrics {
  constructor(registry: Registry, sources: MarketSources, feed: MarketFeed) {
    const perExchange = (value: (name: string) => number) => () =>
      sources.names.map((exchange) => ({ labels: { exchange }, value: value(exchange) }));
    labelledGaugeReadAtScrape({
      registry,
      name: 'pds_exchange_active',
      help: '1 for the exchange whose live data is served now, 0 for the other configured ones',
      labels: ['exchange'],
      read: perExchange((name) => (name === sources.active.name ? 1 : 0)),
    });
    labelledGaugeReadAtScrape({
      registry,
      name: 'pds_exchange_primary',
      help: '1 for the configured primary exchange (EXCHANGE), 0 for the standbys',
      labels: ['exchange'],
      read: perExchange((name) => (name === sources.primary.name ? 1 : 0)),
    });
    labelledGaugeReadAtScrape({
      registry,
      name: 'pds_exchange_last_message_seconds',
      help: 'Time (epoch seconds, this process clock) of the last message of each exchange feed',
      labels: ['exchange'],
      read: () =>
        sources.all.flatMap((source) => {
          const at = source.health.lastMessageTime;
          return at === undefined ? [] : [{ labels: { exchange: source.name }, value: at / 1000 }];
        }),
    });
    stateGauge(registry, sources);
    deviationGauge(registry, sources);
    refusedCounter(registry, sources);
    counterReadAtScrape({
      registry,
      name: 'pds_exchange_switches_total',
      help: 'Switches of the serving exchange (to a standby, or back to a better one)',
      read: () => feed.stats().exchangeSwitches,
    });
  }
}

/** 1 for each exchange's current state, 0 for the other: an alert reads `== 1` without a join. */
function stateGauge(registry: Registry, sources: MarketSources): void {
  labelledGaugeReadAtScrape({
    registry,
    name: 'pds_exchange_state',
    help: '1 for the current state (live or dark) of each exchange feed, 0 for the other',
    labels: ['exchange', 'state'],
    read: () => {
      const { exchanges } = sources.status(Date.now());
      return Object.entries(exchanges).flatMap(([exchange, current]) =>
        FEED_STATES.map((state) => ({ labels: { exchange, state }, value: current === state ? 1 : 0 })),
      );
    },
  });
}

/**
 * The witnesses (CONTRACT section 11): each live exchange's distance from the median of the live
 * exchanges' latest prices, while at least two are live; a dark exchange's series is gone, not 0.
 */
function deviationGauge(registry: Registry, sources: MarketSources): void {
  labelledGaugeReadAtScrape({
    registry,
    name: 'pds_exchange_deviation_ratio',
    help: "|price - median| / median of each live exchange's latest price against the live exchanges' median; absent while fewer than two are live",
    labels: ['exchange'],
    read: () => {
      const now = Date.now();
      const prices = sources.all.flatMap((source) => {
        const price = source.state.price;
        return price && source.health.isLive(now) ? [{ exchange: source.name, price: price.price }] : [];
      });
      return deviationRatios(prices).map(({ exchange, ratio }) => ({ labels: { exchange }, value: ratio }));
    },
  });
}

/** CONTRACT section 11, "Untrusted frames": every refused value, by exchange and reason. */
function refusedCounter(registry: Registry, sources: MarketSources): Counter<'exchange' | 'reason'> {
  return new Counter({
    name: 'pds_exchange_frames_refused_total',
    help: 'Values and frames an exchange sent that were refused (section 11 rules), by exchange and reason',
    labelNames: ['exchange', 'reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const source of sources.all) {
        const counts = source.refusals();
        for (const reason of REFUSAL_REASONS) {
          this.inc({ exchange: source.name, reason }, counts?.[reason] ?? 0);
        }
      }
    },
  });
}
