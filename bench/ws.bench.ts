import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { deletePrefix, SHARED_REDIS_URL } from '@pds/testing';
import { Redis } from 'ioredis';
import { takeHeapSnapshot } from './heap-snapshots';
import { LagHistogram } from './lag-histogram';
import { round } from './statistics';
import { ClientProcess } from './ws-client-process';
import type { OpenProgress, RecordedWindow } from './ws-clients';
import {
  Market,
  PATHS,
  profileArgv,
  type Server,
  startServer,
  type StreamPath,
  type WsStackOptions,
  type WsTarget,
} from './ws-stack';

export interface WsBenchOptions extends WsStackOptions {
  readonly durationSeconds: number;
  /** Measured in this order for each path and client count. */
  readonly targets: readonly WsTarget[];
  /**
   * Connect while trades are being published, instead of with the ingestor paused: then a server that
   * cannot keep up with the fan-out also cannot accept its clients, and the round fails to open.
   */
  readonly openUnderLoad: boolean;
}

export interface WsBenchRow {
  readonly path: string;
  readonly target: WsTarget;
  readonly clients: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly framesPerSecond: number;
  /** Frames delivered ÷ (channel messages × clients): 1 when every client got every update. */
  readonly delivered: number;
  readonly memoryPerConnectionKiB: number;
  /** Why the round has no figures (it could not open its clients, or a process failed). */
  readonly error?: string;
}

/** Connections being set up at once, and how long one may take from connect to ready. */
const OPEN_CONCURRENCY = 100;
const CLIENT_TIMEOUT_MS = 20_000;
const SETTLE_SECONDS = 2;

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
}

/** A whole round may take this long to open its clients before it is reported as failed. */
function openDeadlineMs(clients: number): number {
  return 30_000 + clients * 10;
}

function log(line: string): void {
  process.stderr.write(`ws bench: ${line}\n`);
}

function describe(progress: OpenProgress, clients: number): string {
  const reasons = progress.reasons.length > 0 ? ` (${progress.reasons.join('; ')})` : '';
  return `${progress.opened}/${clients} open, ${progress.failed} failed, ${progress.dropped} dropped${reasons}`;
}

interface Round {
  readonly target: WsTarget;
  readonly stream: StreamPath;
  readonly clients: number;
}

type Figures = Omit<WsBenchRow, 'path' | 'target' | 'clients'>;

/** Opens the round's clients; throws unless every one of them is open in time. */
async function openAll(clients: ClientProcess, round_: Round, server: Server, market: Market): Promise<void> {
  const opened = await clients.open(
    {
      options: {
        urls: server.urls,
        count: round_.clients,
        concurrency: OPEN_CONCURRENCY,
        clientTimeoutMs: CLIENT_TIMEOUT_MS,
        awaitFirstFrame: round_.target === 'gateway',
      },
      redisUrl: SHARED_REDIS_URL,
      priceChannel: market.keys.priceChannel('btcusdt'),
      channel: round_.stream.channel(market.keys),
    },
    openDeadlineMs(round_.clients),
  );
  if (opened.opened < round_.clients) {
    throw new Error(`could not open the clients: ${describe(opened, round_.clients)}`);
  }
}

function figures(window: RecordedWindow, clients: number, seconds: number, memoryKiB: number): Figures {
  const lag = new LagHistogram();
  lag.merge(window.lagBuckets);
  return {
    p50Ms: lag.percentile(50),
    p99Ms: lag.percentile(99),
    maxMs: lag.percentile(100),
    framesPerSecond: round(window.frames / seconds, 0),
    delivered: round(window.frames / Math.max(1, window.published * clients), 3),
    memoryPerConnectionKiB: round(memoryKiB / clients),
  };
}

/**
 * Memory per connection is the server's RSS growth from before the clients connect to the end of the
 * recording window (connections live and traffic flowing), divided by the clients.
 */
async function measure(round_: Round, server: Server, market: Market, options: WsBenchOptions) {
  const label = `${round_.target} ${round_.stream.path} × ${round_.clients}`;
  let lastProgressAt = Date.now();
  const clients = new ClientProcess((progress) => {
    if (Date.now() - lastProgressAt < 5000) return;
    lastProgressAt = Date.now();
    log(`${label}: ${describe(progress, round_.clients)}`);
  }, profileArgv(options));
  try {
    await delay(1000);
    const pid = server.app.process.pid ?? 0;
    const snapshots = heapSnapshotsOf(round_, pid, options.heapDir);
    await snapshots?.take('before');
    const before = rssKiB(pid);
    if (!options.openUnderLoad) await market.pause();
    await openAll(clients, round_, server, market);
    await market.resume();
    await delay(SETTLE_SECONDS * 1000);
    clients.start();
    await delay(options.durationSeconds * 1000);
    const { window, progress } = await clients.stop(30_000);
    const after = rssKiB(pid);
    await snapshots?.take('live');
    if (progress.dropped > 0) log(`${label}: ${describe(progress, round_.clients)}`);
    return figures(window, round_.clients, options.durationSeconds, after - before);
  } finally {
    await clients.close();
  }
}

/** The gateway's heap snapshots of a round, for bench/heap-split.ts; none for bare ws. */
function heapSnapshotsOf(round_: Round, pid: number, dir: string | undefined) {
  if (dir === undefined || round_.target !== 'gateway') return undefined;
  return {
    take: async (moment: string): Promise<void> => {
      const file = await takeHeapSnapshot(pid, dir);
      log(`${round_.target} ${round_.stream.path} × ${round_.clients}: heap snapshot ${moment}: ${file}`);
    },
  };
}

const FAILED: Figures = {
  p50Ms: Number.NaN,
  p99Ms: Number.NaN,
  maxMs: Number.NaN,
  framesPerSecond: Number.NaN,
  delivered: Number.NaN,
  memoryPerConnectionKiB: Number.NaN,
};

/** One row; a round that fails says why and the run goes on with the next. */
async function runRound(round_: Round, market: Market, options: WsBenchOptions): Promise<WsBenchRow> {
  const { target, stream, clients } = round_;
  const row = { path: stream.path, target, clients };
  log(`${target} ${stream.path} × ${clients}: starting`);
  let server: Server | undefined;
  try {
    server = await startServer(target, stream, market, options);
    return { ...row, ...(await measure(round_, server, market, options)) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${target} ${stream.path} × ${clients}: FAILED: ${message}`);
    return { ...row, ...FAILED, error: message };
  } finally {
    await server?.app.stop();
  }
}

/**
 * N clients on each stream path, the gateway alternating with a bare `ws` fan-out of the same Redis
 * channel. The clients run in a child process; lag is client receipt − exchange trade time.
 */
export async function runWsBench(options: WsBenchOptions): Promise<WsBenchRow[]> {
  const redis = new Redis(SHARED_REDIS_URL);
  const market = await Market.start(options, redis);
  const rows: WsBenchRow[] = [];
  try {
    for (const stream of PATHS) {
      for (const clients of options.clientCounts) {
        for (const target of options.targets) {
          rows.push(await runRound({ target, stream, clients }, market, options));
        }
      }
    }
    return rows;
  } finally {
    await market.stop();
    await deletePrefix(redis, market.prefix);
    redis.disconnect();
  }
}
