import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import {
  type Dashboard,
  OBSERVABILITY,
  provisionedDataSourceUid,
  readDashboards,
  ROOT,
} from './support/observability-files';

const run = promisify(execFile);
const PROMETHEUS_DIR = join(OBSERVABILITY, 'prometheus');

async function readYaml<T>(file: string): Promise<T> {
  return parse(await readFile(file, 'utf8')) as T;
}

function problemsOf(dashboard: Dashboard, dataSourceUid: string): string[] {
  const problems: string[] = [];
  const ids = dashboard.panels.map((panel) => panel.id);
  if (new Set(ids).size !== ids.length)
    problems.push(`${dashboard.title}: panel ids repeat (${ids.join(',')})`);
  for (const panel of dashboard.panels) {
    const sources = [panel.datasource, ...panel.targets.map((target) => target.datasource)];
    if (sources.some((source) => source?.type !== 'prometheus' || source.uid !== dataSourceUid))
      problems.push(`${dashboard.title} / ${panel.title}: a data source other than ${dataSourceUid}`);
    if (panel.targets.length === 0 || panel.targets.some((target) => !target.expr.trim()))
      problems.push(`${dashboard.title} / ${panel.title}: no query`);
  }
  return problems;
}

describe('observability configuration', () => {
  it('should validate the dashboards as Grafana dashboard JSON on the provisioned data source', async () => {
    const uid = await provisionedDataSourceUid();
    const dashboards = await readDashboards();
    expect(new Set(dashboards.map((dashboard) => dashboard.uid)).size).toBe(dashboards.length);
    for (const dashboard of dashboards) {
      expect(typeof dashboard.uid === 'string' && typeof dashboard.title === 'string').toBe(true);
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
      expect(dashboard.panels.length).toBeGreaterThan(0);
    }
    expect(dashboards.flatMap((dashboard) => problemsOf(dashboard, uid))).toEqual([]);
  });

  it('should accept the compose file with the observability profile, Grafana without a default password', async () => {
    const { services } = await composeConfig();
    for (const service of OBSERVABILITY_SERVICES)
      expect(services[service]?.profiles).toEqual(['observability']);
    expect(services.grafana?.environment).toMatchObject({
      GF_SECURITY_ADMIN_PASSWORD: 'from-the-environment',
    });
    // docker-compose v1 cannot run a container here: the guard is checked as written. Without the
    // password Grafana never starts, and the container waits instead of restarting forever.
    expect(services.grafana?.entrypoint?.join(' ')).toMatch(
      /-z "\$\$?GF_SECURITY_ADMIN_PASSWORD".*exec sleep [0-9]+; fi; exec \/run\.sh/,
    );
  });

  it('should scrape every compose replica of every app by its service name', async () => {
    const { services } = await composeConfig();
    const scraped = (await prometheusConfig()).scrape_configs.flatMap((job) =>
      (job.dns_sd_configs ?? []).flatMap((sd) =>
        sd.names.map((name) => `${job.job_name} ${name}:${sd.port}`),
      ),
    );
    const replicas = Object.entries(services).flatMap(([name, service]) => {
      const app = /launch\.js (gateway|ingestor|cache)$/.exec(service.command?.join(' ') ?? '')?.[1];
      return app ? [`${app} ${name}:${service.environment?.METRICS_PORT ?? ''}`] : [];
    });
    expect(replicas.length).toBe(7);
    expect(scraped.sort()).toEqual(replicas.sort());
  });

  it('should send alerts to, and scrape the exporters at, services and ports the compose file has', async () => {
    const { services } = await composeConfig();
    const prometheus = await prometheusConfig();
    const addresses = [
      ...prometheus.alerting.alertmanagers.flatMap((each) =>
        each.static_configs.flatMap((config) => config.targets),
      ),
      ...prometheus.scrape_configs.flatMap((job) =>
        (job.static_configs ?? []).flatMap((config) => config.targets),
      ),
      ...prometheus.scrape_configs.flatMap((job) =>
        (job.relabel_configs ?? []).flatMap((relabel) =>
          relabel.target_label === '__address__' && relabel.replacement ? [relabel.replacement] : [],
        ),
      ),
    ];
    const unknown = addresses.filter((address) => {
      const url = new URL(address.includes('://') ? address : `http://${address}`);
      if (url.hostname === 'localhost') return false;
      const service = services[url.hostname];
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      return !containerPorts(service).includes(port);
    });
    expect(unknown).toEqual([]);
  });
});

/** The services of the observability profile. */
const OBSERVABILITY_SERVICES = [
  'prometheus',
  'alertmanager',
  'grafana',
  'redis-exporter',
  'nginx-exporter',
  'blackbox-exporter',
];

interface PrometheusConfig {
  readonly alerting: {
    readonly alertmanagers: { readonly static_configs: { readonly targets: string[] }[] }[];
  };
  readonly scrape_configs: {
    readonly job_name: string;
    readonly dns_sd_configs?: { readonly names: string[]; readonly port: number }[];
    readonly static_configs?: { readonly targets: string[] }[];
    readonly relabel_configs?: { readonly target_label?: string; readonly replacement?: string }[];
  }[];
}

async function prometheusConfig(): Promise<PrometheusConfig> {
  return readYaml<PrometheusConfig>(join(PROMETHEUS_DIR, 'prometheus.yml'));
}

/** The ports a service listens on inside the compose network: `expose`, and the targets of `ports`. */
function containerPorts(service: ComposeService | undefined): string[] {
  const published = (service?.ports ?? []).map((each) =>
    typeof each === 'object' ? String(each.target) : (String(each).split('/')[0]?.split(':').pop() ?? ''),
  );
  return [...(service?.expose ?? []).map(String), ...published];
}

interface ComposeService {
  readonly profiles?: string[];
  readonly expose?: (string | number)[];
  readonly ports?: (string | number | { readonly target: number })[];
  readonly command?: string[];
  readonly entrypoint?: string[];
  readonly environment?: Record<string, string>;
}

/** The compose file with the observability profile, as docker-compose resolves it. */
async function composeConfig(): Promise<{ services: Record<string, ComposeService> }> {
  const compose = ['-f', join(ROOT, 'docker-compose.yml'), '--profile', 'observability'];
  // Compose requires Redis's password (docs/production.md, "Compose"); Grafana's is checked at its start.
  const env = { ...process.env, REDIS_PASSWORD: 'compose-check-password-0123456789' };
  await run('docker-compose', [...compose, 'config', '-q'], { env });
  const { stdout } = await run('docker-compose', [...compose, 'config'], {
    env: { ...env, GRAFANA_ADMIN_PASSWORD: 'from-the-environment' },
  });
  return parse(stdout) as { services: Record<string, ComposeService> };
}
