import { Injectable } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { labelledCounterReadAtScrape } from '@pds/observability';
import { STREAM_ROUTES, type StreamRoute } from './stream-request';

/** Plain counts per stream operation: the fan-out's hot path only adds 1 to a number. */
export interface StreamTally {
  open: number;
  sent: number;
}

/**
 * Open WebSockets and frames sent, by operation (the stream's path), and client protocol errors by
 * reason, read at each scrape.
 */
@Injectable()
export class WsMetrics {
  private readonly tallies = new Map<string, StreamTally>();
  private readonly protocolErrors = new Map<string, number>();

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
    labelledCounterReadAtScrape({
      registry,
      name: 'pds_ws_client_protocol_errors_total',
      help: 'WebSocket protocol errors caused by clients (refused handshakes, bad frames), by reason',
      label: 'reason',
      read: () => Object.fromEntries(this.protocolErrors),
    });
  }

  /** `reason`: ws's error code (`WS_ERR_…`), `handshake`, or `socket` for a transport error. */
  countProtocolError(reason: string): void {
    this.protocolErrors.set(reason, (this.protocolErrors.get(reason) ?? 0) + 1);
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
