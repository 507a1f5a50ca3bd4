import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { COMPONENTS, componentOf, ofKind } from './support/chart-objects';
import { CHART, ciValues, type K8sObject, KUBE_VERSIONS, OPERATOR_API, renderChart } from './support/helm';
import { DASHBOARD_FILES, OBSERVABILITY } from './support/observability-files';

// The Prometheus Operator's objects and the dashboards: one source with compose's Prometheus and
// Grafana (deploy/observability), copied into the chart by deploy/helm/copy-observability-files.sh.
const [, NEWEST] = KUBE_VERSIONS;
const MONITORING = ciValues('monitoring-values.yaml');
const COPY_COMMAND = 'bash deploy/helm/copy-observability-files.sh';
const OPERATOR_KINDS = ['ServiceMonitor', 'PrometheusRule'];

/** The rule files compose's Prometheus loads, in its order (prometheus.yml's rule_files). */
function composeRuleFiles(): string[] {
  const config = parse(readFileSync(join(OBSERVABILITY, 'prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
  };
  return config.rule_files.map((file) => join(OBSERVABILITY, 'prometheus', file));
}

function kinds(objects: readonly K8sObject[]): string[] {
  return objects.map((object) => object.kind);
}

describe('the chart with monitoring', () => {
  let objects: K8sObject[] = [];

  beforeAll(async () => {
    objects = await renderChart({
      valuesFiles: [MONITORING],
      kubeVersion: NEWEST,
      apiVersions: [OPERATOR_API],
    });
  });

  test("should keep byte-identical copies of compose's rule files and dashboards", () => {
    const copies = [
      ...composeRuleFiles().map((file) => [file, join(CHART, 'files/prometheus', basename(file))]),
      ...DASHBOARD_FILES.map((file) => [file, join(CHART, 'files/dashboards', basename(file))]),
    ];
    const chartDashboards = readdirSync(join(CHART, 'files/dashboards')).sort();
    expect(chartDashboards).toEqual(DASHBOARD_FILES.map((file) => basename(file)).sort());
    for (const [source = '', copy = ''] of copies) {
      const same = readFileSync(copy, 'utf8') === readFileSync(source, 'utf8');
      expect({ copy, same }).toEqual({ copy, same: true, ...(same ? {} : { fix: COPY_COMMAND }) });
    }
  });

  test('should render a PrometheusRule with the groups of the rule files compose loads', () => {
    const [rule] = ofKind<K8sObject & { spec: { groups: unknown[] } }>(objects, 'PrometheusRule');
    const groups = composeRuleFiles().flatMap(
      (file) => (parse(readFileSync(file, 'utf8')) as { groups: unknown[] }).groups,
    );
    expect(rule?.spec.groups).toEqual(groups);
  });

  test('should scrape the metrics port of every component under its job name', () => {
    const [monitor] = ofKind<K8sObject & { spec: { jobLabel: string; endpoints: { port: string }[] } }>(
      objects,
      'ServiceMonitor',
    );
    expect(monitor?.spec).toMatchObject({
      jobLabel: 'app.kubernetes.io/component',
      endpoints: [{ port: 'metrics' }],
    });
    const scraped = ofKind<K8sObject & { spec: { ports: { name: string }[] } }>(objects, 'Service').filter(
      (service) => service.spec.ports.some((port) => port.name === 'metrics'),
    );
    expect(scraped.map(componentOf).sort()).toEqual([...COMPONENTS].sort());
  });

  test("should render each dashboard as a ConfigMap for Grafana's sidecar", () => {
    const maps = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap');
    const byFile = Object.fromEntries(maps.flatMap((map) => Object.entries(map.data)));
    expect(maps.every((map) => map.metadata.labels?.grafana_dashboard === '1')).toBe(true);
    expect(byFile).toEqual(
      Object.fromEntries(DASHBOARD_FILES.map((file) => [basename(file), readFileSync(file, 'utf8')])),
    );
  });

  test('should render no operator object on a cluster without its API', async () => {
    const without = await renderChart({ valuesFiles: [MONITORING], kubeVersion: NEWEST });
    expect(kinds(without).filter((kind) => OPERATOR_KINDS.includes(kind))).toEqual([]);
  });

  test('should render no operator object or dashboard when monitoring is off', async () => {
    const off = await renderChart({
      valuesFiles: [ciValues('single-values.yaml')],
      kubeVersion: NEWEST,
      apiVersions: [OPERATOR_API],
    });
    expect(kinds(off).filter((kind) => [...OPERATOR_KINDS, 'ConfigMap'].includes(kind))).toEqual([]);
  });
});
