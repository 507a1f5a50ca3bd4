import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { labelledCounterReadAtScrape } from '@pds/observability';
import { STREAM_ROUTES, type StreamRoute } from './stream-request';

/** Plain counts per stream operation: the fan-out's hot path only adds 1 to a number. */
export interface StreamTally {
  open: number;
  sent: number;
  /** Updates a slow reader held back, to be sent as the latest per key once its socket drains. */
  conflated: number;
  /** Closes by code (the code this side sent, else the peer's). */
  readonly closes: Map<number, number>;
}

/** From a quiet event loop (well under a millisecond) to a gateway far behind its channel. */
const FAN_OUT_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const newTally = (): StreamTally => ({ open: 0, sent: 0, conflated: 0, closes: new Map() });

/**
 * Open WebSockets, frames sent, conflated updates and closes by code, by operation (the stream's
 * path), and client protocol errors by reason, read at each scrape; the fan-out lag, observed once
 * per flush.
 */
@Injectable()
export class WsMetrics {
  private readonly tallies = new Map<string, StreamTally>();
  private readonly protocolErrors = new Map<string, number>();
  private readonly fanOutLag: Histogram;

  constructor(registry: Registry) {
    for (const route of Object.values(STREAM_ROUTES)) this.tallies.set(route.path, newTally());
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
    tallyCounters(registry, tallies);
    labelledCounterReadAtScrape({
      registry,
      name: 'pds_ws_client_protocol_errors_total',
      help: 'WebSocket protocol errors caused by clients (refused handshakes, bad frames), by reason',
      label: 'reason',
      read: () => Object.fromEntries(this.protocolErrors),
    });
    this.fanOutLag = new Histogram({
      name: 'pds_ws_fanout_lag_seconds',
      help: 'Time from a channel message reaching this gateway to its frame written to every socket of its topic',
      buckets: FAN_OUT_BUCKETS_S,
      registers: [registry],
    });
  }

  /** `reason`: ws's error code (`WS_ERR_…`), `handshake`, or `socket` for a transport error. */
  countProtocolError(reason: string): void {
    this.protocolErrors.set(reason, (this.protocolErrors.get(reason) ?? 0) + 1);
  }

  /** Once per flush: how long its oldest message waited, in seconds. */
  observeFanOut(waitedSeconds: number): void {
    this.fanOutLag.observe(waitedSeconds);
  }

  tallyOf(route: StreamRoute): StreamTally {
    let tally = this.tallies.get(route.path);
    if (!tally) {
      tally = newTally();
      this.tallies.set(route.path, tally);
    }
    return tally;
  }
}

/** Counts one close of code `code` in `tally`. */
export function countClose(tally: StreamTally, code: number): void {
  tally.closes.set(code, (tally.closes.get(code) ?? 0) + 1);
}

/** The counters read from the operations' tallies at each scrape. */
function tallyCounters(registry: Registry, tallies: ReadonlyMap<string, StreamTally>): void {
  const byOperation = (read: (tally: StreamTally) => number) => (): Record<string, number> =>
    Object.fromEntries([...tallies].map(([operation, tally]) => [operation, read(tally)]));
  labelledCounterReadAtScrape({
    registry,
    name: 'pds_ws_messages_sent_total',
    help: 'WebSocket frames sent by this gateway (snapshots, updates, error frames), by operation',
    label: 'operation',
    read: byOperation((tally) => tally.sent),
  });
  labelledCounterReadAtScrape({
    registry,
    name: 'pds_ws_conflated_total',
    help: 'Updates held back for slow readers (only the latest per key is sent), by operation',
    label: 'operation',
    read: byOperation((tally) => tally.conflated),
  });
  new Counter({
    name: 'pds_ws_closes_total',
    help: 'WebSocket connections closed, by operation and close code (the one this side sent, else the peer’s)',
    labelNames: ['operation', 'code'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, tally] of tallies) {
        for (const [code, count] of tally.closes) this.inc({ operation, code: String(code) }, count);
      }
    },
  });
}
