import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import {
  ALERT_RULES,
  type Dashboard,
  OBSERVABILITY,
  provisionedDataSourceUid,
  readDashboards,
  ROOT,
} from './support/observability-files';

const run = promisify(execFile);
const PROMETHEUS_DIR = join(OBSERVABILITY, 'prometheus');

interface AlertRule {
  readonly alert: string;
  readonly expr: string;
  readonly labels?: { readonly severity?: string };
  readonly annotations?: { readonly summary?: string; readonly runbook_url?: string };
}

interface AlertTest {
  readonly alert_rule_test?: readonly {
    readonly alertname: string;
    readonly exp_alerts?: readonly unknown[];
  }[];
}

async function readYaml<T>(file: string): Promise<T> {
  return parse(await readFile(file, 'utf8')) as T;
}

async function alertRules(): Promise<AlertRule[]> {
  const file = await readYaml<{ groups: { rules: AlertRule[] }[] }>(ALERT_RULES);
  return file.groups.flatMap((group) => group.rules);
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
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
  it('should pass promtool check rules and check config', async () => {
    const rules = await run('promtool', ['check', 'rules', ALERT_RULES]);
    expect(rules.stdout).toContain(`SUCCESS: ${(await alertRules()).length} rules found`);
    const config = await run('promtool', ['check', 'config', join(PROMETHEUS_DIR, 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS');
  });

  it("should pass the alert rules' unit tests (promtool test rules)", async () => {
    const { stdout } = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: PROMETHEUS_DIR });
    expect(stdout).toContain('SUCCESS');
  });

  it('should unit-test every alert both firing and not firing', async () => {
    const tests = await readYaml<{ tests: AlertTest[] }>(join(PROMETHEUS_DIR, 'alerts.test.yml'));
    const cases = tests.tests.flatMap((test) => test.alert_rule_test ?? []);
    const untested = (await alertRules()).flatMap(({ alert }) => {
      const own = cases.filter((each) => each.alertname === alert);
      const missing = [];
      if (!own.some((each) => (each.exp_alerts ?? []).length > 0)) missing.push(`${alert} firing`);
      if (!own.some((each) => (each.exp_alerts ?? []).length === 0)) missing.push(`${alert} not firing`);
      return missing;
    });
    expect(untested).toEqual([]);
  });

  it('should give every alert a summary, a severity and a runbook section that exists', async () => {
    const runbook = await readFile(join(ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = new Set(
      [...runbook.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading]) => anchorOf(heading ?? '')),
    );
    const problems = (await alertRules()).flatMap(({ alert, labels, annotations }) => {
      const found: string[] = [];
      if (!annotations?.summary) found.push(`${alert}: no summary`);
      if (!['critical', 'warning'].includes(labels?.severity ?? '')) found.push(`${alert}: no severity`);
      const [path, anchor] = (annotations?.runbook_url ?? '').split('#');
      if (path !== 'docs/runbook.md' || !anchor || !anchors.has(anchor))
        found.push(`${alert}: runbook_url ${annotations?.runbook_url} names no section of docs/runbook.md`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it("should list every alert with its runbook section in the README's operations section", async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const unlisted = (await alertRules())
      .filter(({ alert, annotations }) => {
        const line = readme.split('\n').find((each) => each.includes(`\`${alert}\``));
        return !line?.includes(annotations?.runbook_url ?? '');
      })
      .map(({ alert }) => alert);
    expect(unlisted).toEqual([]);
  });

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
    for (const service of ['prometheus', 'grafana'])
      expect(services[service]?.profiles).toEqual(['observability']);
    expect(services.grafana?.environment).toMatchObject({
      GF_SECURITY_ADMIN_PASSWORD: 'from-the-environment',
    });
    // docker-compose v1 cannot run a container here: the guard is checked as written.
    expect(services.grafana?.entrypoint?.join(' ')).toMatch(/-z "\$\$?GF_SECURITY_ADMIN_PASSWORD".*exit 1/);
  });

  it('should scrape every compose replica of every app by its service name', async () => {
    const { services } = await composeConfig();
    const prometheus = await readYaml<{
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    }>(join(PROMETHEUS_DIR, 'prometheus.yml'));
    const scraped = prometheus.scrape_configs.flatMap((job) =>
      job.dns_sd_configs.flatMap((sd) => sd.names.map((name) => `${job.job_name} ${name}:${sd.port}`)),
    );
    const replicas = Object.entries(services).flatMap(([name, service]) => {
      const app = /dist\/apps\/(gateway|ingestor|cache)\//.exec(service.command?.join(' ') ?? '')?.[1];
      return app ? [`${app} ${name}:${service.environment?.METRICS_PORT ?? ''}`] : [];
    });
    expect(replicas.length).toBe(7);
    expect(scraped.sort()).toEqual(replicas.sort());
  });
});

interface ComposeService {
  readonly profiles?: string[];
  readonly command?: string[];
  readonly entrypoint?: string[];
  readonly environment?: Record<string, string>;
}

/** The compose file with the observability profile, as docker-compose resolves it. */
async function composeConfig(): Promise<{ services: Record<string, ComposeService> }> {
  const compose = ['-f', join(ROOT, 'docker-compose.yml'), '--profile', 'observability'];
  // Compose requires Redis's password (README, "Running with containers"); Grafana's is checked at its start.
  const env = { ...process.env, REDIS_PASSWORD: 'compose-check-password-0123456789' };
  await run('docker-compose', [...compose, 'config', '-q'], { env });
  const { stdout } = await run('docker-compose', [...compose, 'config'], {
    env: { ...env, GRAFANA_ADMIN_PASSWORD: 'from-the-environment' },
  });
  return parse(stdout) as { services: Record<string, ComposeService> };
}
