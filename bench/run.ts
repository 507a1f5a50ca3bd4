import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { runIngestBench } from './ingest.bench';
import { runIngestBurstBench } from './ingest-burst.bench';
import { ingestBurstReport, ingestReport, restReport, wsReport } from './report';
import { runRestBench } from './rest.bench';
import { round } from './statistics';
import { runWsBench } from './ws.bench';
import type { WsTarget } from './ws-stack';

function numberFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}

/** The machine's 1, 5 and 15 minute load averages, printed beside each scenario's figures. */
function load(): number[] {
  return loadavg().map((value) => round(value, 2));
}

function machine(): Record<string, string | number> {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
  };
}

async function restScenario(report: Record<string, unknown>, connections: number): Promise<void> {
  const before = load();
  const rows = await runRestBench({
    rounds: numberFromEnv('BENCH_ROUNDS', 12),
    durationSeconds: numberFromEnv('BENCH_REST_ROUND_S', 2),
    connections,
    keyPoolSize: numberFromEnv('BENCH_KEY_POOL', 100),
    profileDir: process.env.BENCH_REST_PROFILE_DIR,
    paths: (process.env.BENCH_REST_PATHS ?? '').split(',').filter(Boolean),
  });
  report.rest = rows;
  report.restLoad = { before, after: load() };
  process.stdout.write(
    `\n${restReport(rows, connections)}Load average before / after: ${before.join(' ')} / ${load().join(' ')}\n`,
  );
}

/** The ingest scenarios: lag at steady rates (`ingest`) and a burst of frames at once (`ingest-burst`). */
async function ingestScenarios(
  report: Record<string, unknown>,
  scenarios: readonly string[],
  durationSeconds: number,
): Promise<void> {
  if (scenarios.includes('ingest')) {
    const rates = (process.env.BENCH_INGEST_RATES ?? '500,1000,2000,4000').split(',').map(Number);
    const rows = await runIngestBench({ rates, warmUpSeconds: 2, durationSeconds });
    report.ingest = rows;
    process.stdout.write(`\n${ingestReport(rows)}`);
  }
  if (scenarios.includes('ingest-burst')) {
    const frames = numberFromEnv('BENCH_BURST_FRAMES', 50_000);
    const row = await runIngestBurstBench({ frames, profileDir: process.env.BENCH_INGEST_PROFILE_DIR });
    report.ingestBurst = row;
    process.stdout.write(`\n${ingestBurstReport(row)}`);
  }
}

/**
 * `npm run bench`: every scenario against its baseline in this run; tables on stdout, JSON on disk.
 * WebSocket settings: BENCH_WS_CLIENTS (1000,5000,10000), BENCH_WS_TRADES_PER_SECOND (20),
 * BENCH_WS_TARGETS (bare-ws,gateway), BENCH_WS_CLIENTS_PER_KEY (50), BENCH_WS_OPEN_UNDER_LOAD
 * (false: clients connect while the ingestor is paused), BENCH_WS_PROFILE_DIR (CPU profiles of the
 * gateway and the client process). REST: BENCH_REST_PATHS (the paths containing
 * one of these), BENCH_REST_PROFILE_DIR (a CPU profile of the gateway). Ingest burst:
 * BENCH_BURST_FRAMES (50000), BENCH_INGEST_PROFILE_DIR (a CPU profile of the ingestor).
 * BENCH_SCENARIOS chooses scenarios (rest,ws,ingest,ingest-burst). Progress goes to stderr.
 */
async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const durationSeconds = numberFromEnv('BENCH_DURATION_S', 5);
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  const scenarios = (process.env.BENCH_SCENARIOS ?? 'rest,ws,ingest,ingest-burst').split(',');
  const report: Record<string, unknown> = { startedAt, machine: machine() };
  if (scenarios.includes('rest')) await restScenario(report, connections);
  if (scenarios.includes('ws')) {
    const before = load();
    const tradesPerSecond = numberFromEnv('BENCH_WS_TRADES_PER_SECOND', 20);
    const clientCounts = (process.env.BENCH_WS_CLIENTS ?? '1000,5000,10000').split(',').map(Number);
    const rows = await runWsBench({
      clientCounts,
      tradesPerSecond,
      durationSeconds,
      clientsPerKey: numberFromEnv('BENCH_WS_CLIENTS_PER_KEY', 50),
      profileDir: process.env.BENCH_WS_PROFILE_DIR,
      heapDir: process.env.BENCH_WS_HEAP_DIR,
      targets: (process.env.BENCH_WS_TARGETS ?? 'bare-ws,gateway')
        .split(',')
        .filter((target): target is WsTarget => target === 'bare-ws' || target === 'gateway'),
      openUnderLoad: process.env.BENCH_WS_OPEN_UNDER_LOAD === 'true',
    });
    report.ws = rows;
    report.wsLoad = { before, after: load() };
    process.stdout.write(
      `\n${wsReport(rows, tradesPerSecond)}Load average before / after: ${before.join(' ')} / ${load().join(' ')}\n`,
    );
  }
  await ingestScenarios(report, scenarios, durationSeconds);
  const folder = resolve(__dirname, '../../bench/results');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nMachine: ${JSON.stringify(machine())}\nResults: bench/results/latest.json\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
