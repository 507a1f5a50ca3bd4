import { setTimeout as delay } from 'node:timers/promises';
import { RedisKeys } from '@pds/redis';
import { type RunningApp, SHARED_REDIS_URL, deletePrefix, spawnApp, uniquePrefix } from '@pds/testing';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { percentile, round } from './statistics';

export interface IngestBenchOptions {
  readonly rates: readonly number[];
  readonly warmUpSeconds: number;
  readonly durationSeconds: number;
}

export interface LagSummary {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface IngestBenchRow {
  readonly tradesPerSecond: number;
  /** Trade time → the price change published by the ingestor (Redis pub/sub), seen here. */
  readonly ingest: LagSummary;
  /** Baseline: trade time → the same trade read straight from the exchange's stream. */
  readonly direct: LagSummary;
}

function summarise(samples: number[], seconds: number): LagSummary {
  return {
    perSecond: round(samples.length / seconds, 0),
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    maxMs: round(percentile(samples, 100)),
  };
}

/** Collects lag samples between `start()` and `stop()` from both the ingestor's output and the raw stream. */
class LagRecorder {
  readonly ingest: number[] = [];
  readonly direct: number[] = [];
  private recording = false;

  start(): void {
    this.recording = true;
  }

  stop(): void {
    this.recording = false;
  }

  onPrice(message: string): void {
    if (this.recording)
      this.ingest.push(Date.now() - Date.parse((JSON.parse(message) as { time: string }).time));
  }

  onTrade(data: string): void {
    if (this.recording) this.direct.push(Date.now() - (JSON.parse(data) as { T: number }).T);
  }
}

/** A benchmark, not a test: it measures over wall-clock windows on purpose. */
async function record(recorder: LagRecorder, options: IngestBenchOptions): Promise<void> {
  await delay(options.warmUpSeconds * 1000);
  recorder.start();
  await delay(options.durationSeconds * 1000);
  recorder.stop();
}

/** The simulator at `rate` and an ingestor writing under `prefix`; resolves once it leads. */
async function startIngestStack(rate: number, prefix: string, started: RunningApp[]): Promise<RunningApp> {
  const sim = await spawnApp(
    'exchange-sim',
    { SIM_TRADES_PER_SECOND: String(rate) },
    { retainOutput: false },
  );
  started.push(sim);
  const exchange = `127.0.0.1:${sim.port}`;
  const ingestor = await spawnApp(
    'ingestor',
    { REDIS_PREFIX: prefix, EXCHANGE_WS_URL: `ws://${exchange}`, EXCHANGE_REST_URL: `http://${exchange}` },
    // Kept: it may log `leader` before `ready`, and a line not kept is not seen by waitForLog.
    { retainOutput: true },
  );
  started.push(ingestor);
  await ingestor.waitForLog((entry) => entry.msg === 'leader', 20_000);
  return sim;
}

async function measureRate(rate: number, options: IngestBenchOptions): Promise<IngestBenchRow> {
  const prefix = uniquePrefix('bench-ingest');
  const started: RunningApp[] = [];
  const subscriber = new Redis(SHARED_REDIS_URL);
  const recorder = new LagRecorder();
  let stream: WebSocket | undefined;
  try {
    await subscriber.subscribe(new RedisKeys(prefix).priceChannel('btcusdt'));
    subscriber.on('message', (_channel: string, message: string) => {
      recorder.onPrice(message);
    });
    const sim = await startIngestStack(rate, prefix, started);
    stream = new WebSocket(`ws://127.0.0.1:${sim.port}/ws/btcusdt@trade`);
    stream.on('message', (data: Buffer) => {
      recorder.onTrade(data.toString('utf8'));
    });
    await record(recorder, options);
    return {
      tradesPerSecond: rate,
      ingest: summarise(recorder.ingest, options.durationSeconds),
      direct: summarise(recorder.direct, options.durationSeconds),
    };
  } finally {
    stream?.terminate();
    await Promise.all(started.reverse().map((app) => app.stop()));
    subscriber.disconnect();
    const cleaner = new Redis(SHARED_REDIS_URL);
    await deletePrefix(cleaner, prefix);
    cleaner.disconnect();
  }
}

/** The ingestor at rising simulated trade rates: the lag of what it publishes against the raw stream's. */
export async function runIngestBench(options: IngestBenchOptions): Promise<IngestBenchRow[]> {
  const rows: IngestBenchRow[] = [];
  for (const rate of options.rates) rows.push(await measureRate(rate, options));
  return rows;
}
