import {
  chartValue,
  COMPONENTS,
  componentOf,
  containerOf,
  type Deployment,
  deploymentOf,
  envValue,
  ofKind,
  selects,
} from './support/chart-objects';
import { CI_VALUES, type K8sObject, KUBE_VERSIONS, renderChart, renderOptionsFor } from './support/helm';

// What the chart promises beyond Kubernetes' schemas, for each CI values file (helm-chart.test.ts
// proves the same renders are valid objects).
const [, NEWEST] = KUBE_VERSIONS;
const REDIS_FIELDS = {
  single: ['REDIS_URL'],
  sentinel: ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME'],
  cluster: ['REDIS_CLUSTER_NODES'],
} as const;
const ALL_REDIS_FIELDS = Object.values(REDIS_FIELDS).flat();
const SECRET_SETTINGS = [
  'REDIS_PASSWORD',
  'REDIS_SENTINEL_PASSWORD',
  'ADMIN_TOKEN',
  'AUTH_JWT_SECRET',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

interface Selecting extends K8sObject {
  readonly spec: {
    readonly selector: Record<string, string> | { readonly matchLabels: Record<string, string> };
  };
}

function selectorOf(object: Selecting): Record<string, string> {
  const { selector } = object.spec;
  return 'matchLabels' in selector ? (selector.matchLabels as Record<string, string>) : selector;
}

describe.each(CI_VALUES)('the chart rendered with %s', (file) => {
  let objects: K8sObject[] = [];
  const deployments = (): Deployment[] => ofKind<Deployment>(objects, 'Deployment');

  beforeAll(async () => {
    objects = await renderChart(renderOptionsFor(file, NEWEST));
  });

  test('should select with every Service, PodDisruptionBudget and spread constraint the pods of exactly one Deployment', () => {
    const selecting = [
      ...ofKind<Selecting>(objects, 'Service'),
      ...ofKind<Selecting>(objects, 'PodDisruptionBudget'),
    ];
    for (const object of selecting) {
      const matched = deployments().filter((deployment) =>
        selects(selectorOf(object), deployment.spec.template.metadata.labels),
      );
      expect({ object: object.metadata.name, matched: matched.map(componentOf) }).toEqual({
        object: object.metadata.name,
        matched: [componentOf(object)],
      });
    }
    for (const deployment of deployments()) {
      const { template } = deployment.spec;
      expect(selects(deployment.spec.selector.matchLabels, template.metadata.labels)).toBe(true);
      for (const spread of template.spec.topologySpreadConstraints ?? []) {
        expect(spread.labelSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
      }
    }
  });

  test('should give every component a Deployment and a PodDisruptionBudget, and spread the gateways across nodes', () => {
    const budgets = ofKind(objects, 'PodDisruptionBudget').map(componentOf).sort();
    expect(deployments().map(componentOf).sort()).toEqual([...COMPONENTS].sort());
    expect(budgets).toEqual([...COMPONENTS].sort());
    const gateway = deploymentOf(objects, 'gateway').spec.template.spec;
    expect(gateway.topologySpreadConstraints).toEqual([
      expect.objectContaining({ topologyKey: 'kubernetes.io/hostname' }),
    ]);
  });

  test('should point every probe at a port the container declares', () => {
    for (const deployment of deployments()) {
      const container = containerOf(deployment);
      const ports = container.ports.map((port) => port.name);
      const probes = [container.startupProbe, container.livenessProbe, container.readinessProbe];
      for (const probe of probes) expect(ports).toContain(probe?.httpGet.port);
    }
  });

  test('should give a gateway a grace period longer than its preStop pause and its drain, and roll out without a gap', () => {
    const gateway = deploymentOf(objects, 'gateway');
    const pause = containerOf(gateway).lifecycle?.preStop?.sleep?.seconds ?? 0;
    const drain = Number(chartValue(file, 'gateway.shutdown.drainSeconds'));
    expect(pause).toBeGreaterThan(0);
    expect(gateway.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(pause + drain);
    expect(gateway.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(gateway.spec.minReadySeconds).toBeGreaterThan(0);
  });

  test('should scale the gateways alone, never the ingestors, and run two or three ingestors', () => {
    const targets = ofKind<K8sObject & { spec: { scaleTargetRef: { name: string } } }>(
      objects,
      'HorizontalPodAutoscaler',
    ).map((scaler) => scaler.spec.scaleTargetRef.name);
    const gateway = deploymentOf(objects, 'gateway');
    expect(targets).toEqual(chartValue(file, 'gateway.autoscaling.enabled') ? [gateway.metadata.name] : []);
    expect(deploymentOf(objects, 'ingestor').spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deploymentOf(objects, 'ingestor').spec.replicas).toBeLessThanOrEqual(3);
  });

  test("should give every app exactly the Redis settings of the values' mode", () => {
    const mode = chartValue(file, 'redis.mode') as keyof typeof REDIS_FIELDS;
    for (const deployment of deployments()) {
      const container = containerOf(deployment);
      const present = ALL_REDIS_FIELDS.filter((name) => envValue(container, name) !== undefined);
      expect(envValue(container, 'REDIS_TOPOLOGY')).toBe(mode);
      expect(present).toEqual(REDIS_FIELDS[mode]);
    }
  });

  test('should take every secret from a Secret and run every container unprivileged with limits', () => {
    const gatewaySettings = containerOf(deploymentOf(objects, 'gateway')).env.map((entry) => entry.name);
    expect(gatewaySettings).toEqual(
      expect.arrayContaining(SECRET_SETTINGS.filter((name) => name !== 'REDIS_SENTINEL_PASSWORD')),
    );
    for (const deployment of deployments()) {
      const container = containerOf(deployment);
      for (const variable of container.env.filter((entry) => SECRET_SETTINGS.includes(entry.name))) {
        expect(variable).toEqual({
          name: variable.name,
          valueFrom: { secretKeyRef: expect.any(Object) as unknown },
        });
      }
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.resources).toEqual({
        requests: expect.any(Object) as unknown,
        limits: expect.any(Object) as unknown,
      });
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
    }
  });
});
