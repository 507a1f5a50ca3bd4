import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deploymentOf } from './support/chart-objects';
import {
  CI_VALUES,
  type K8sObject,
  KUBE_VERSIONS,
  lintChart,
  renderChart,
  renderOptionsFor,
} from './support/helm';
import { modelProblems, unknownFieldProblems } from './support/k8s-validation';

// The chart (deploy/helm/price-data-service) with each of its CI values files at the oldest and
// newest Kubernetes it supports, through the pinned helm (tools/ensure-test-tools.sh), no cluster.
const CASES = CI_VALUES.flatMap((file) => KUBE_VERSIONS.map((kube) => [file, kube] as const));
const INVALID = join(__dirname, 'helm-invalid');

/** Each invalid values file says on its first line the message helm must refuse it with. */
function expectedRefusal(file: string): string {
  const first = readFileSync(join(INVALID, file), 'utf8').split('\n', 1)[0] ?? '';
  const match = /^# refused with: (.+)$/.exec(first);
  if (!match?.[1]) throw new Error(`${file} must start with "# refused with: <message>"`);
  return match[1];
}

describe('the Helm chart', () => {
  const rendered = new Map<string, K8sObject[]>();

  beforeAll(async () => {
    for (const [file, kube] of CASES) {
      rendered.set(`${file}@${kube}`, await renderChart(renderOptionsFor(file, kube)));
    }
  });

  test.each(CASES)('should pass helm lint --strict with %s on Kubernetes %s', async (file, kube) => {
    const { ok, output } = await lintChart(renderOptionsFor(file, kube));
    expect({ ok, output }).toEqual({
      ok: true,
      output: expect.stringContaining('0 chart(s) failed') as unknown,
    });
  });

  test.each(CASES)(
    "should render objects Kubernetes' schemas accept with %s on Kubernetes %s",
    async (file, kube) => {
      const objects = rendered.get(`${file}@${kube}`) ?? [];
      expect(objects.length).toBeGreaterThan(0);
      await expect(modelProblems(objects)).resolves.toEqual([]);
    },
  );

  test('should render no field that the types of Kubernetes and the Prometheus Operator do not know', () => {
    expect(unknownFieldProblems([...rendered.values()].flat())).toEqual([]);
  });

  test('should find a field Kubernetes does not know and a required field left out when planted', async () => {
    const [objects = []] = rendered.values();
    const gateway = structuredClone(deploymentOf(objects, 'gateway'));
    const [container] = gateway.spec.template.spec.containers as unknown as Record<string, unknown>[];
    if (!container) throw new Error('no container');
    container.gracePeriod = 30;
    expect(unknownFieldProblems([gateway]).join('\n')).toMatch(
      /gracePeriod.+does not exist in type 'IContainer'/,
    );
    delete container.gracePeriod;
    delete container.name;
    expect((await modelProblems([gateway])).join('\n')).toContain(
      'containers/0 must have required property name',
    );
  });

  // helm template, as a user renders: helm lint only logs a template's `fail`.
  test.each(readdirSync(INVALID))('should refuse to render the invalid values file %s', async (file) => {
    await expect(renderChart({ valuesFiles: [join(INVALID, file)] })).rejects.toThrow(expectedRefusal(file));
  });

  test('should refuse a Kubernetes older than the oldest it supports', async () => {
    const [file = ''] = CI_VALUES;
    await expect(renderChart(renderOptionsFor(file, '1.29.9'))).rejects.toThrow(/kubeVersion/);
  });
});
