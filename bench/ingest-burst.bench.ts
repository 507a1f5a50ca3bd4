import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { RedisKeys, splitSource } from '@pds/redis';
import { type RunningApp, SHARED_REDIS_URL, deletePrefix, spawnApp, uniquePrefix } from '@pds/testing';
import { Redis } from 'ioredis';
import { spawnNode } from './spawn-node';
import { round } from './statistics';

export interface IngestBurstOptions {
  /** Valid trade frames the exchange sends at once. */
  readonly frames: number;
  /** When set, the ingestor runs unbundled and writes a V8 CPU profile here. */
  readonly profileDir: string | undefined;
}

export interface IngestBurstRow {
  readonly frames: number;
  /** From the burst until the served price is the exchange's newest trade (sent right after it). */
  readonly catchUpSeconds: number;
  readonly ingestorRssBeforeMb: number;
  /** The ingestor's peak resident set (VmHWM) over its life, the burst included. */
  readonly ingestorPeakRssMb: number;
  /** Whether the ingestor was still running after the burst (CONTRACT section 11: no process exits). */
  readonly ingestorAlive: boolean;
}

const CATCH_UP_BOUND_MS = 180_000;
const POLL_MS = 20;

interface Served {
  readonly price: string;
  readonly time: string;
}

/** A line of /proc/<pid>/status (`VmRSS`, `VmHWM`) in MiB. */
async function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return round(kib / 1024, 1);
}

async function served(redis: Redis, key: string): Promise<Served | undefined> {
  const record = await redis.get(key);
  return record === null ? undefined : (JSON.parse(splitSource(record).json) as Served);
}

/** Polls the served price until `done` holds; resolves with it. A bench, so it polls the clock. */
async function servedWhen(redis: Redis, key: string, done: (price: Served) => boolean): Promise<Served> {
  const bound = Date.now() + CATCH_UP_BOUND_MS;
  for (;;) {
    const price = await served(redis, key);
    if (price && done(price)) return price;
    if (Date.now() > bound) throw new Error('the served price never became the exchange’s newest');
    await delay(POLL_MS);
  }
}

/** One tick (0.01) above `price`, so the newest trade is told apart from the burst's. */
function tickAbove(price: string): string {
  return ((Math.round(Number(price) * 100) + 1) / 100).toFixed(2);
}

async function startIngestor(
  prefix: string,
  simPort: number,
  options: IngestBurstOptions,
): Promise<RunningApp> {
  const exchange = `127.0.0.1:${simPort}`;
  const env = {
    REDIS_PREFIX: prefix,
    EXCHANGE_WS_URL: `ws://${exchange}`,
    EXCHANGE_REST_URL: `http://${exchange}`,
  };
  if (!options.profileDir) return spawnApp('ingestor', env, { retainOutput: false });
  const profile = ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`];
  return spawnNode('apps/ingestor/src/main.js', { ...env, PORT: '0', METRICS_PORT: '0' }, profile);
}

async function post(simPort: number, body: object): Promise<{ id: number; time: number }> {
  const response = await fetch(`http://127.0.0.1:${simPort}/sim/trade`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/sim/trade answered ${response.status}`);
  return (await response.json()) as { id: number; time: number };
}

/**
 * CONTRACT section 11, "Bursts": the exchange sends `frames` valid trades at once, then one more at
 * a price one tick above; measured is how long until the served price is that newest trade, and the
 * ingestor's peak memory. The simulator trades at its usual pace all along.
 */
export async function runIngestBurstBench(options: IngestBurstOptions): Promise<IngestBurstRow> {
  const prefix = uniquePrefix('bench-burst');
  const key = new RedisKeys(prefix).latestPrice('btcusdt');
  const redis = new Redis(SHARED_REDIS_URL);
  const started: RunningApp[] = [];
  try {
    const sim = await spawnApp('exchange-sim', { SIM_TRADES_PER_SECOND: '20' }, { retainOutput: false });
    started.push(sim);
    const ingestor = await startIngestor(prefix, sim.port, options);
    started.push(ingestor);
    const before = await servedWhen(redis, key, () => true);
    await delay(2000);
    const pid = ingestor.process.pid ?? 0;
    const rssBefore = await memoryMb(pid, 'VmRSS');
    const qty = '0.00100';
    const burstAt = Date.now();
    await post(sim.port, { price: before.price, qty, count: options.frames });
    const newestPrice = tickAbove(before.price);
    const newest = await post(sim.port, { price: newestPrice, qty });
    const newestTime = new Date(newest.time).toISOString();
    // The newest trade, or a later one of the simulator's (a burst trade of the same ms is not it).
    const caughtUp = (price: Served): boolean =>
      price.time > newestTime || (price.time === newestTime && Number(price.price) === Number(newestPrice));
    await servedWhen(redis, key, caughtUp);
    const catchUpSeconds = round((Date.now() - burstAt) / 1000, 2);
    const alive = ingestor.process.exitCode === null && ingestor.process.signalCode === null;
    return {
      frames: options.frames,
      catchUpSeconds,
      ingestorRssBeforeMb: rssBefore,
      ingestorPeakRssMb: alive ? await memoryMb(pid, 'VmHWM') : Number.NaN,
      ingestorAlive: alive,
    };
  } finally {
    await Promise.all(started.reverse().map((app) => app.stop()));
    await deletePrefix(redis, prefix);
    redis.disconnect();
  }
}
