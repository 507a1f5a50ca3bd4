import type { IngestBenchRow } from './ingest.bench';
import type { IngestBurstRow } from './ingest-burst.bench';
import type { RestBenchRow } from './rest.bench';
import type { WsBenchRow } from './ws.bench';
import { median, round, table } from './statistics';

const REST_COLUMNS = [
  'path',
  'target',
  'req/s (median)',
  'p50 ms',
  'p99 ms',
  'non-2xx',
  '÷ bare',
  '÷ limit',
  'CPU µs/req',
  'Redis µs/req',
  'load µs/answer',
  'allotted',
];

export function restReport(rows: readonly RestBenchRow[], connections: number): string {
  // Paired: each round runs the three servers back to back, so a round's ratio sees one state of
  // the machine (whose speed swings by a quarter within seconds); the median of those is reported.
  const ratioTo = (row: RestBenchRow, target: RestBenchRow['target']): number | string => {
    const baseline = rows.find((other) => other.path === row.path && other.target === target);
    if (!baseline || baseline === row) return '';
    const ratios = row.rounds.map((measured, index) => {
      const paired = baseline.rounds[index]?.requestsPerSecond ?? NaN;
      return measured.requestsPerSecond / paired;
    });
    return round(median(ratios));
  };
  const lines = [
    REST_COLUMNS,
    ...rows.map((row) => [
      row.path,
      row.target,
      row.requestsPerSecond,
      row.p50Ms,
      row.p99Ms,
      row.non2xx,
      ratioTo(row, 'bare-fastify'),
      row.target === 'gateway' ? ratioTo(row, 'fastify-limit') : '',
      row.cpuUsPerRequest,
      row.redisCpuUsPerRequest,
      row.loadCpuUsPerAnswer,
      row.allottedShare ?? '',
    ]),
  ];
  return (
    `REST (${connections} connections, medians of the rounds; ÷ = median of the rounds' ratios; ` +
    "fastify-limit = bare Fastify with the gateway's key lookup and shared rate limit; CPU µs/req = " +
    "the server process's CPU time per request; Redis µs/req = Redis' CPU time per request in the same rounds; " +
    "load µs/answer = the load generator's CPU time per answer (it shares the cores: a ratio measures it too); " +
    "allotted = the share of the gateway's limit hits answered by an allotment of the window, not a trip to Redis)\n" +
    `${table(lines)}\n`
  );
}

/**
 * The highest rate with lag p99 under 20 ms. An ingestor that falls behind shows as growing lag;
 * fewer price writes than trades is expected, since trades queued during one write go out as one.
 */
export function highestSustainedRate(rows: readonly IngestBenchRow[]): number | undefined {
  return rows.filter((row) => row.ingest.p99Ms < 20).at(-1)?.tradesPerSecond;
}

export function ingestReport(rows: readonly IngestBenchRow[]): string {
  const lines = [
    [
      'trades/s',
      'price writes/s',
      'lag p50 ms',
      'lag p99 ms',
      'lag max ms',
      'direct p50',
      'direct p99',
      'direct max',
    ],
    ...rows.map((row) => [
      row.tradesPerSecond,
      row.ingest.perSecond,
      row.ingest.p50Ms,
      row.ingest.p99Ms,
      row.ingest.maxMs,
      row.direct.p50Ms,
      row.direct.p99Ms,
      row.direct.maxMs,
    ]),
  ];
  return (
    'Ingest (trade time → price published by the ingestor; "direct" = the same trades read from the exchange stream)\n' +
    `${table(lines)}\nHighest rate sustained with lag p99 < 20 ms: ${highestSustainedRate(rows) ?? 'none'} trades/s\n`
  );
}

/** No lag sample: every frame received in the window was of a message published before it. */
function lagCell(ms: number): number | string {
  return Number.isNaN(ms) ? 'behind' : ms;
}

export function wsReport(rows: readonly WsBenchRow[], tradesPerSecond: number): string {
  const lines = [
    [
      'path',
      'target',
      'clients',
      'lag p50 ms',
      'lag p99 ms',
      'lag max ms',
      'frames/s',
      'delivered',
      'KiB/conn',
    ],
    ...rows.map((row) => [
      row.path,
      row.target,
      row.clients,
      ...(row.error === undefined
        ? [
            ...[row.p50Ms, row.p99Ms, row.maxMs].map(lagCell),
            row.framesPerSecond,
            row.delivered,
            row.memoryPerConnectionKiB,
          ]
        : [`failed: ${row.error}`]),
    ]),
  ];
  return (
    `WebSocket fan-out (${tradesPerSecond} trades/s; lag = client receipt − exchange trade time; ` +
    "delivered = frames of the window's messages, late ones awaited ÷ (its messages × clients); " +
    'KiB/conn = server RSS growth ÷ clients; ' +
    '"behind": no frame of the window was of a message published in it)\n' +
    `${table(lines)}\n`
  );
}

/** CONTRACT section 11, "Bursts": the served price is the exchange's newest again within 10 s. */
export function ingestBurstReport(row: IngestBurstRow): string {
  const lines = [
    ['frames at once', 'newest served after s', 'ingestor RSS before MB', 'peak RSS MB', 'ingestor alive'],
    [
      row.frames,
      row.catchUpSeconds,
      row.ingestorRssBeforeMb,
      row.ingestorPeakRssMb,
      String(row.ingestorAlive),
    ],
  ];
  return `Ingest burst (the exchange sends the frames at once, then its newest trade)\n${table(lines)}\n`;
}
