import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@pds/testing';

/** Debian's `prometheus` package (tools/ensure-test-tools.sh installs it). */
const PROMETHEUS = 'prometheus';

/** One series of an instant query's answer. */
export interface PromSample {
  readonly metric: Readonly<Record<string, string>>;
  readonly value: number;
}

/** An instant query's answer: the error Prometheus gave (a parse error, say), or the samples. */
export type QueryAnswer =
  | { readonly ok: true; readonly samples: readonly PromSample[] }
  | { readonly ok: false; readonly error: string };

export interface ScrapeJob {
  readonly job: string;
  /** `host:port` of each replica's metrics server. */
  readonly targets: readonly string[];
}

export interface LocalPrometheus {
  readonly url: string;
  query(expr: string): Promise<QueryAnswer>;
  /** GET /api/v1/<path> and its `data`. */
  api<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

interface ApiAnswer {
  readonly status: 'success' | 'error';
  readonly data?: { resultType: string; result: unknown };
  readonly error?: string;
}

/** A scrape every second, so a test sees rates within seconds; the rule files as deployed. */
function configOf(jobs: readonly ScrapeJob[], ruleFiles: readonly string[]): string {
  return JSON.stringify({
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: ruleFiles,
    scrape_configs: jobs.map(({ job, targets }) => ({
      job_name: job,
      static_configs: [{ targets }],
    })),
  });
}

function samplesOf(data: NonNullable<ApiAnswer['data']>): PromSample[] {
  if (data.resultType === 'scalar') {
    const [, value] = data.result as [number, string];
    return [{ metric: {}, value: Number(value) }];
  }
  const series = data.result as { metric: Record<string, string>; value: [number, string] }[];
  return series.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
}

async function untilServing(url: string, child: ChildProcess, output: string[]): Promise<void> {
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output.join('')}`);
      const ready = await fetch(`${url}/-/ready`).catch(() => undefined);
      return ready?.ok ? true : undefined;
    },
    'prometheus to be ready',
    30_000,
  );
}

/**
 * A real Prometheus on a free port of 127.0.0.1 with a temporary storage folder (YAML is a superset
 * of JSON, so the configuration is written as JSON), scraping `jobs` with `ruleFiles` loaded.
 */
export async function startPrometheus(
  jobs: readonly ScrapeJob[],
  ruleFiles: readonly string[],
): Promise<LocalPrometheus> {
  return startPrometheusWith(configOf(jobs, ruleFiles));
}

/** What the deployed Prometheus gets besides its configuration: environment and feature flags. */
export interface PrometheusRun {
  readonly env?: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
}

/** A real Prometheus as startPrometheus, with the configuration `config` (YAML or JSON text). */
export async function startPrometheusWith(config: string, run: PrometheusRun = {}): Promise<LocalPrometheus> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-prometheus-'));
  const configFile = join(folder, 'prometheus.yml');
  await writeFile(configFile, config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
      ...(run.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...run.env } },
  );
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await untilServing(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  const api = async <T>(path: string): Promise<T> => {
    const answer = (await (await fetch(`${url}/api/v1/${path}`)).json()) as { data: T };
    return answer.data;
  };
  const query = async (expr: string): Promise<QueryAnswer> => {
    const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: expr }).toString()}`);
    const answer = (await response.json()) as ApiAnswer;
    if (answer.status !== 'success' || !answer.data) return { ok: false, error: answer.error ?? 'no data' };
    return { ok: true, samples: samplesOf(answer.data) };
  };
  return { url, query, api, stop };
}
