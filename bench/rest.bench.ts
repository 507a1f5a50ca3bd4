import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { infoFields, RedisKeys } from '@pds/redis';
import { deletePrefix, type RunningApp, seedMarket, SHARED_REDIS_URL, uniquePrefix } from '@pds/testing';
import { Redis } from 'ioredis';
import { ApiKeyStore } from '../apps/gateway/src';
import { allottedShareOf, limitHits } from './limit-hits';
import { type LoadResult, measureLoad } from './load';
import { GATEWAY_SCRIPT, spawnNode } from './spawn-node';
import { median, round } from './statistics';

export interface RestBenchOptions {
  readonly rounds: number;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly keyPoolSize: number;
  /** Only the paths containing one of these (all when empty). */
  readonly paths: readonly string[];
  /** When set, each server writes a V8 CPU profile of the whole run here, named by its target. */
  readonly profileDir?: string | undefined;
}

/**
 * bare-fastify: the same bodies, nothing else. fastify-limit: that plus the gateway's key lookup and
 * shared rate limit (the floor an exact limit across replicas sets). gateway: the service.
 */
export type RestTarget = 'bare-fastify' | 'fastify-limit' | 'gateway';

const TARGETS: readonly RestTarget[] = ['bare-fastify', 'fastify-limit', 'gateway'];

export interface RestBenchRow {
  readonly path: string;
  readonly target: RestTarget;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** The server process's CPU time (user + system) per request: steadier than req/s on a busy machine. */
  readonly cpuUsPerRequest: number;
  /** Redis' CPU time per request in the same rounds: what the shared limit costs beyond the server. */
  readonly redisCpuUsPerRequest: number;
  /** The load generator's CPU time per answer in the same rounds (it runs on the same cores). */
  readonly loadCpuUsPerAnswer: number;
  /** The gateway's limit hits an allotment answered, not a script call (a rate: it moves with the load). */
  readonly allottedShare: number | undefined;
  readonly rounds: MeasuredRound[];
}

type MeasuredRound = LoadResult & {
  readonly cpuUsPerRequest: number;
  readonly redisCpuUsPerRequest: number;
  readonly allottedShare: number | undefined;
};

function pidOf(app: RunningApp): number {
  if (app.process.pid === undefined) throw new Error('a bench server has no process id');
  return app.process.pid;
}

/** CPU time a process has used so far, user + system, in ms (from /proc, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Redis' own CPU time so far, user + system, in ms (INFO cpu, so a Redis on another host counts too). */
async function redisCpuMs(redis: Redis): Promise<number> {
  const fields = infoFields(await redis.info('cpu'));
  return 1000 * ((fields.get('used_cpu_user') ?? NaN) + (fields.get('used_cpu_sys') ?? NaN));
}

const WARM_UP_SECONDS = 2;

/** Node options that write the server's CPU profile as `<target>.cpuprofile`, when asked to. */
function profileArguments(options: RestBenchOptions, target: RestTarget): string[] {
  if (options.profileDir === undefined) return [];
  return ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`, `--cpu-prof-name=${target}.cpuprofile`];
}

const PATHS = ['/api/v1/prices/current', '/api/v1/prices/klines?interval=1m&limit=500'];

async function createKeyPool(redis: Redis, keys: RedisKeys, size: number): Promise<Record<string, string>[]> {
  const store = new ApiKeyStore(redis, keys);
  const created = await Promise.all(
    Array.from({ length: size }, (_, index) =>
      store.create({ name: `bench-${index}`, requestsPerMinute: 1_000_000_000 }),
    ),
  );
  return created.map(({ key }) => ({ 'x-api-key': key }));
}

async function baselineBodies(gatewayUrl: string, headers: Record<string, string>): Promise<string> {
  const bodies: Record<string, string> = {};
  for (const path of PATHS) {
    const response = await fetch(`${gatewayUrl}${path}`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    bodies[path.split('?')[0] ?? path] = await response.text();
  }
  const file = join(tmpdir(), `pds-bench-bodies-${process.pid}.json`);
  await writeFile(file, JSON.stringify(bodies));
  return file;
}

/**
 * The gateway (API key, Redis rate limit, validation, deadline) against bare Fastify serving the
 * same bodies and against Fastify with the gateway's key lookup and rate limit, measured in turn in
 * the same run, `rounds` times each; medians reported.
 */
export async function runRestBench(options: RestBenchOptions): Promise<RestBenchRow[]> {
  const prefix = uniquePrefix('bench-rest');
  const redis = new Redis(SHARED_REDIS_URL);
  const keys = new RedisKeys(prefix);
  const started: RunningApp[] = [];
  try {
    await seedMarket(redis, keys, 600);
    const pool = await createKeyPool(redis, keys, options.keyPoolSize);
    const gateway = await spawnNode(
      GATEWAY_SCRIPT,
      { PORT: '0', METRICS_PORT: '0', REDIS_PREFIX: prefix, HOST: '127.0.0.1', LOG_REQUESTS: 'false' },
      profileArguments(options, 'gateway'),
    );
    started.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${gateway.port}`;
    const bodiesFile = await baselineBodies(gatewayUrl, pool[0] ?? {});
    const [bare, limited] = await startBaselines(bodiesFile, prefix, options, started).finally(() =>
      rm(bodiesFile, { force: true }),
    );
    const targets: Record<RestTarget, Target> = {
      'bare-fastify': { url: `http://127.0.0.1:${bare.port}`, pid: pidOf(bare) },
      'fastify-limit': { url: `http://127.0.0.1:${limited.port}`, pid: pidOf(limited), headerPool: pool },
      gateway: { url: gatewayUrl, pid: pidOf(gateway), headerPool: pool, app: gateway },
    };
    const rows: RestBenchRow[] = [];
    const paths = PATHS.filter(
      (path) => options.paths.length === 0 || options.paths.some((p) => path.includes(p)),
    );
    for (const path of paths) rows.push(...(await measurePath(path, targets, redis, options)));
    return rows;
  } finally {
    await Promise.all(started.map((app) => app.stop()));
    await deletePrefix(redis, prefix);
    redis.disconnect();
  }
}

/** Bare Fastify and Fastify + limit, serving the gateway's bodies; each is added to `started`. */
async function startBaselines(
  bodiesFile: string,
  prefix: string,
  options: RestBenchOptions,
  started: RunningApp[],
): Promise<[RunningApp, RunningApp]> {
  const bare = await spawnNode(
    'bench/baseline-server.js',
    { BODIES_FILE: bodiesFile },
    profileArguments(options, 'bare-fastify'),
  );
  started.push(bare);
  const limited = await spawnNode(
    'bench/baseline-limit-server.js',
    { BODIES_FILE: bodiesFile, REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix },
    profileArguments(options, 'fastify-limit'),
  );
  started.push(limited);
  return [bare, limited];
}

interface Target {
  readonly url: string;
  /** The server's process, whose CPU time per request is measured. */
  readonly pid: number;
  readonly headerPool?: readonly Record<string, string>[];
  /** The gateway's own process, whose limit hits are counted by what answered them. */
  readonly app?: RunningApp;
}

async function measurePath(
  path: string,
  targets: Record<RestTarget, Target>,
  redis: Redis,
  options: RestBenchOptions,
): Promise<RestBenchRow[]> {
  const results: Record<RestTarget, MeasuredRound[]> = {
    gateway: [],
    'bare-fastify': [],
    'fastify-limit': [],
  };
  // Unmeasured first: both sides reach steady state (JIT, connection pools, caches) before counting.
  for (const { url, headerPool } of Object.values(targets)) {
    const warmUp = {
      url: `${url}${path}`,
      connections: options.connections,
      durationSeconds: WARM_UP_SECONDS,
    };
    await measureLoad(headerPool ? { ...warmUp, headerPool } : warmUp);
  }
  for (let round = 0; round < options.rounds; round += 1) {
    // Rotate which goes first, so warm-up and machine drift do not favour one side.
    const order = TARGETS.map((_, index) => TARGETS[(index + round) % TARGETS.length] ?? 'gateway');
    for (const target of order) {
      const { url, pid, headerPool, app } = targets[target];
      const load = {
        url: `${url}${path}`,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
      };
      const cpuBefore = cpuMs(pid);
      const redisCpuBefore = await redisCpuMs(redis);
      const hitsBefore = await limitHits(app);
      const result = await measureLoad(headerPool ? { ...load, headerPool } : load);
      const perRequest = (ms: number) => (1000 * ms) / Math.max(1, result.requests);
      results[target].push({
        ...result,
        cpuUsPerRequest: perRequest(cpuMs(pid) - cpuBefore),
        redisCpuUsPerRequest: perRequest((await redisCpuMs(redis)) - redisCpuBefore),
        allottedShare: allottedShareOf(hitsBefore, await limitHits(app)),
      });
    }
  }
  return TARGETS.map((target) => summarise(path, target, results[target]));
}

function summarise(path: string, target: RestTarget, rounds: MeasuredRound[]): RestBenchRow {
  return {
    path,
    target,
    requestsPerSecond: round(median(rounds.map((r) => r.requestsPerSecond)), 0),
    cpuUsPerRequest: round(median(rounds.map((r) => r.cpuUsPerRequest)), 1),
    redisCpuUsPerRequest: round(median(rounds.map((r) => r.redisCpuUsPerRequest)), 1),
    loadCpuUsPerAnswer: round(median(rounds.map((r) => r.loadCpuUsPerAnswer)), 1),
    allottedShare: medianShare(rounds),
    p50Ms: round(median(rounds.map((r) => r.p50Ms))),
    p99Ms: round(median(rounds.map((r) => r.p99Ms))),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    rounds,
  };
}

function medianShare(rounds: readonly MeasuredRound[]): number | undefined {
  const shares = rounds.flatMap((r) => (r.allottedShare === undefined ? [] : [r.allottedShare]));
  return shares.length === 0 ? undefined : round(median(shares));
}
