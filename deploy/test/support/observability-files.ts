import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const OBSERVABILITY = join(ROOT, 'deploy/observability');
export const ALERT_RULES = join(OBSERVABILITY, 'prometheus/alerts.yml');
/** The SLO recording rules and burn-rate alerts; alerts.yml reads its recorded price age. */
export const SLO_RULES = join(OBSERVABILITY, 'prometheus/slo.yml');
export const RULE_FILES = [SLO_RULES, ALERT_RULES];
export const DASHBOARD_FILES = ['service', 'market-data', 'redis', 'business'].map((name) =>
  join(OBSERVABILITY, 'grafana/dashboards', `${name}.json`),
);

export interface DashboardTarget {
  readonly refId: string;
  readonly expr: string;
  readonly legendFormat?: string;
  readonly datasource?: { readonly type: string; readonly uid: string };
}

export interface DashboardPanel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly datasource?: { readonly type: string; readonly uid: string };
  readonly fieldConfig?: { readonly defaults?: { readonly unit?: string } };
  readonly targets: readonly DashboardTarget[];
}

export interface Dashboard {
  readonly uid: string;
  readonly title: string;
  readonly schemaVersion: number;
  readonly panels: readonly DashboardPanel[];
}

export async function readDashboards(): Promise<Dashboard[]> {
  return Promise.all(
    DASHBOARD_FILES.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as Dashboard),
  );
}

/** The uid the provisioned Prometheus data source gets (grafana/provisioning/datasources). */
export async function provisionedDataSourceUid(): Promise<string> {
  const file = join(OBSERVABILITY, 'grafana/provisioning/datasources/prometheus.yml');
  const uid = /^\s+uid: (\S+)$/m.exec(await readFile(file, 'utf8'))?.[1];
  if (!uid) throw new Error(`no uid in ${file}`);
  return uid;
}

/**
 * An alert's expression with its final comparison made a `bool` one, so it answers 0 or 1 for
 * every series of its signal instead of only the firing ones: `x > 0.5` becomes `x > bool 0.5`.
 * Every alert whose signal is read (observability-prometheus.test.ts) ends in one such comparison.
 */
export function signalOf(expr: string): string {
  const comparison = /\s(==|!=|>=|<=|>|<)\s*(-?[\d.]+)\s*$/;
  if (!comparison.test(expr)) throw new Error(`alert expression without a final comparison: ${expr}`);
  return expr.replace(comparison, ' $1 bool $2');
}
