import { Injectable } from '@nestjs/common';
import { labelledCounterReadAtScrape } from '@pds/observability';
import { Gauge, Registry } from 'prom-client';
import { STREAM_ROUTES, type StreamRoute } from '../streaming/stream-route';

/** Plain counts per stream operation: the fan-out's hot path only adds 1 to a number. */
export interface StreamTally {
  open: number;
  sent: number;
}

/** Open WebSockets and frames sent, by operation (the stream's path), read at each scrape. */
@Injectable()
export class WsMetrics {
  private readonly tallies = new Map<string, StreamTally>();

  constructor(registry: Registry) {
    for (const route of Object.values(STREAM_ROUTES)) this.tallies.set(route.path, { open: 0, sent: 0 });
    const tallies = this.tallies;
    new Gauge({
      name: 'pds_ws_connections',
      help: 'WebSocket connections open on this gateway, by operation',
      labelNames: ['operation'],
      registers: [registry],
      collect() {
        for (const [operation, tally] of tallies) this.set({ operation }, tally.open);
      },
    });
    labelledCounterReadAtScrape({
      registry,
      name: 'pds_ws_messages_sent_total',
      help: 'WebSocket frames sent by this gateway (snapshots, updates, error frames), by operation',
      label: 'operation',
      read: () => Object.fromEntries([...tallies].map(([operation, tally]) => [operation, tally.sent])),
    });
  }

  tallyOf(route: StreamRoute): StreamTally {
    let tally = this.tallies.get(route.path);
    if (!tally) {
      tally = { open: 0, sent: 0 };
      this.tallies.set(route.path, tally);
    }
    return tally;
  }
}
