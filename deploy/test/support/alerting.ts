import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually, freePort } from '@pds/testing';
import { parse, stringify } from 'yaml';
import { OBSERVABILITY } from './observability-files';

const run = promisify(execFile);
export const PROMETHEUS_DIR = join(OBSERVABILITY, 'prometheus');
export const ALERTMANAGER_DIR = join(OBSERVABILITY, 'alertmanager');

/** The deployed intervals an alert's page and its resolution wait for, in seconds. */
export interface ShippedIntervals {
  readonly scrape: number;
  readonly evaluation: number;
  /** Of the critical route, the one that pages. */
  readonly groupWait: number;
  readonly groupInterval: number;
}

function seconds(duration: string): number {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unexpected duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

/** The intervals of prometheus.yml and of alertmanager.yml's critical route, as shipped. */
export async function shippedIntervals(): Promise<ShippedIntervals> {
  const prometheus = parse(await readFile(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')) as {
    global: { scrape_interval: string; evaluation_interval: string };
  };
  const alertmanager = parse(await readFile(join(ALERTMANAGER_DIR, 'alertmanager.yml'), 'utf8')) as {
    route: { routes: { matchers: string[]; group_wait: string; group_interval: string }[] };
  };
  const critical = alertmanager.route.routes.find((route) => route.matchers.includes('severity="critical"'));
  if (!critical) throw new Error('alertmanager.yml has no critical route');
  return {
    scrape: seconds(prometheus.global.scrape_interval),
    evaluation: seconds(prometheus.global.evaluation_interval),
    groupWait: seconds(critical.group_wait),
    groupInterval: seconds(critical.group_interval),
  };
}

/**
 * How long an alert may take to reach the receiver: its `for:`, a scrape to see the failure, an
 * evaluation, Alertmanager's group wait and interval, then a margin for a busy machine (a bound to
 * wait within, not a timing asserted).
 */
export function deliveryLimitMs(intervals: ShippedIntervals, forSeconds: number): number {
  const { scrape, evaluation, groupWait, groupInterval } = intervals;
  return (forSeconds + scrape + evaluation + groupWait + groupInterval) * 1000 + 60_000;
}

/** A resolution's bound: a scrape, an evaluation and the group's next flush, plus the margin. */
export function resolveLimitMs(intervals: ShippedIntervals): number {
  return (intervals.scrape + intervals.evaluation + intervals.groupInterval) * 1000 + 60_000;
}

/** The expression of an alert of slo.yml, to ask Prometheus what it answers now. */
export async function sloAlertExpr(alert: string): Promise<string> {
  const file = parse(await readFile(join(PROMETHEUS_DIR, 'slo.yml'), 'utf8')) as {
    groups: { rules: { alert?: string; expr: string }[] }[];
  };
  const rule = file.groups.flatMap((group) => group.rules).find((each) => each.alert === alert);
  if (!rule) throw new Error(`slo.yml has no alert ${alert}`);
  return rule.expr;
}

/** A target of the test's own processes for a job of prometheus.yml, and its compose service name. */
export interface LocalTarget {
  readonly address: string;
  readonly service?: string;
}

interface ScrapeConfig {
  job_name: string;
  dns_sd_configs?: unknown;
  static_configs?: unknown;
  relabel_configs?: unknown;
}

interface PrometheusConfig {
  global: Record<string, unknown>;
  rule_files: string[];
  alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
  scrape_configs: ScrapeConfig[];
}

/**
 * The deployed prometheus.yml with only what differs on this machine replaced (its intervals stay
 * as shipped): the rule files by absolute path, Alertmanager's address, and each job's targets (jobs without a
 * local target are left out). A DNS-discovered job's relabelling only names the compose service;
 * here the target carries that name as a label instead.
 */
export async function renderPrometheusConfig(
  targets: Readonly<Record<string, readonly LocalTarget[]>>,
  alertmanager: string,
): Promise<string> {
  const config = parse(await readFile(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')) as PrometheusConfig;
  config.rule_files = config.rule_files.map((file) => join(PROMETHEUS_DIR, file));
  config.alerting.alertmanagers = [{ static_configs: [{ targets: [alertmanager] }] }];
  config.scrape_configs = config.scrape_configs.flatMap((job) => {
    const local = targets[job.job_name];
    if (!local) return [];
    const rendered: ScrapeConfig = { ...job };
    delete rendered.dns_sd_configs;
    if (job.dns_sd_configs !== undefined) delete rendered.relabel_configs;
    rendered.static_configs = local.map(({ address, service }) => ({
      targets: [address],
      labels: service ? { service } : {},
    }));
    return [rendered];
  });
  return stringify(config);
}

/** The deployed Alertmanager configuration, rendered by its own render.sh from `env`. */
export async function renderedAlertmanagerConfig(env: Readonly<Record<string, string>>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-alertmanager-config-'));
  try {
    const file = join(folder, 'alertmanager.yml');
    await run('sh', [join(ALERTMANAGER_DIR, 'render.sh'), file], { env: { PATH: process.env.PATH, ...env } });
    return await readFile(file, 'utf8');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface Daemon {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A long-running binary (Debian's packages) on a free loopback port: `args(port, folder)` builds
 * its arguments (and writes its files) in a temporary folder of its own; resolves once `readyPath`
 * answers 200.
 */
export async function startDaemon(
  command: string,
  args: (port: number, folder: string) => Promise<string[]>,
  readyPath: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Daemon> {
  const folder = await mkdtemp(join(tmpdir(), `pds-${command}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command, await args(port, folder), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${command} exited:\n${output.join('')}`);
        const answer = await fetch(`${url}${readyPath}`).catch(() => undefined);
        return answer?.ok ? true : undefined;
      },
      `${command} to be ready`,
      30_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Debian's Alertmanager with `config`, clustering off (no gossip port to collide on). */
export async function startAlertmanager(config: string): Promise<Daemon> {
  return startDaemon(
    'prometheus-alertmanager',
    async (port, folder) => {
      const file = join(folder, 'alertmanager.yml');
      await writeFile(file, config);
      return [
        `--config.file=${file}`,
        `--storage.path=${join(folder, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
        '--log.level=warn',
      ];
    },
    '/-/ready',
  );
}

/** Debian's redis_exporter watching the Redis at `redisUrl` (`redis_up`). */
export function startRedisExporter(redisUrl: string): Promise<Daemon> {
  const args = (port: number) =>
    Promise.resolve(['-redis.addr', redisUrl, '-web.listen-address', `127.0.0.1:${port}`]);
  return startDaemon('prometheus-redis-exporter', args, '/health');
}
