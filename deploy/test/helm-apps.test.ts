import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connect,
  eventually,
  PRICE,
  type SentinelGroup,
  scrapeMetrics,
  type Sim,
  startExchangeSim,
  startSentinelGroup,
  type StreamClient,
  wsUrl,
} from '@pds/testing';
import { stringify } from 'yaml';
import { gatewayHarness, type GatewayHarness } from '../../apps/gateway/test/support';
import { type Component, COMPONENTS, containerOf, deploymentOf, type Probe } from './support/chart-objects';
import { type RunningPod, startPod } from './support/chart-pods';
import { ciValues, type K8sObject, KUBE_VERSIONS, renderChart } from './support/helm';

// The rendered chart starts the real apps: each Deployment's container (command, environment, ports,
// probes as rendered) run from this checkout's build against a local Redis Sentinel group and the
// exchange simulator. The chart's Sentinel values, with the addresses of this run added.
const [, NEWEST] = KUBE_VERSIONS;

/** The test's value of each key of the chart's Secret (ci/sentinel-values.yaml names the keys). */
function secretValues(group: SentinelGroup): Record<string, string> {
  const password = group.target.env.REDIS_PASSWORD ?? '';
  return {
    'redis-password': password,
    'redis-sentinel-password': group.target.env.REDIS_SENTINEL_PASSWORD ?? '',
    'admin-token': randomBytes(24).toString('hex'),
    'auth-jwt-secret': randomBytes(32).toString('hex'),
    'smtp-url': 'smtp://127.0.0.1:2525',
    'stripe-secret-key': `sk_test_${randomBytes(12).toString('hex')}`,
    'stripe-webhook-secret': `whsec_${randomBytes(12).toString('hex')}`,
  };
}

/** Values of this run: the group's sentinels, the harness's key prefix, the simulator's addresses. */
function runValues(group: SentinelGroup, prefix: string, sim: Sim): object {
  return {
    redis: {
      mode: 'sentinel',
      sentinels: (group.target.env.REDIS_SENTINELS ?? '').split(','),
      masterName: group.target.env.REDIS_SENTINEL_NAME,
      prefix,
    },
    // Stripe's API at a closed port: nothing leaves the machine.
    env: { EXCHANGE_WS_URL: sim.wsUrl, EXCHANGE_REST_URL: sim.restUrl, STRIPE_API_URL: 'http://127.0.0.1:9' },
  };
}

async function answers(url: string): Promise<number> {
  return (await fetch(url)).status;
}

describe('the rendered chart running the real apps', () => {
  // Undefined until started: a start-up that fails part way still stops what it started.
  let group: SentinelGroup | undefined;
  let harness: GatewayHarness | undefined;
  let sim: Sim | undefined;
  let folder: string | undefined;
  let objects: K8sObject[] = [];
  const pods = new Map<Component, RunningPod[]>();
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    group = await startSentinelGroup();
    harness = await gatewayHarness('helm-apps', group.target);
    sim = await startExchangeSim({ SIM_TRADES_PER_SECOND: '5' });
    folder = mkdtempSync(join(tmpdir(), 'pds-helm-'));
    const values = join(folder, 'run-values.yaml');
    writeFileSync(values, stringify(runValues(group, harness.prefix, sim)));
    objects = await renderChart({
      valuesFiles: [ciValues('sentinel-values.yaml'), values],
      kubeVersion: NEWEST,
    });
    const secrets = secretValues(group);
    for (const component of COMPONENTS) {
      const deployment = deploymentOf(objects, component);
      // The gateways' count is the autoscaler's to choose: one is enough to stop.
      const replicas = deployment.spec.replicas ?? 1;
      const started = await Promise.all(
        Array.from({ length: replicas }, () => startPod(deployment, secrets)),
      );
      pods.set(component, started);
    }
  });

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await Promise.all([...pods.values()].flat().map((pod) => pod.app.stop()));
    await sim?.app.stop();
    await harness?.close();
    await group?.dispose();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test.each(COMPONENTS)(
    "should answer 200 on every probe of each %s, on the chart's ports and paths",
    async (component) => {
      for (const pod of pods.get(component) ?? []) {
        const probes = [
          pod.container.startupProbe,
          pod.container.livenessProbe,
          pod.container.readinessProbe,
        ];
        for (const probe of probes.filter((found): found is Probe => found !== undefined)) {
          const url = pod.probeUrl(probe);
          await eventually(
            async () => ((await answers(url)) === 200 ? true : undefined),
            `200 from ${url}`,
            60_000,
          );
        }
      }
    },
  );

  test('should elect exactly one leader among the ingestor replicas', async () => {
    const ingestors = pods.get('ingestor') ?? [];
    expect(ingestors.length).toBe(deploymentOf(objects, 'ingestor').spec.replicas);
    const leaders = await eventually(
      async () => {
        const flags = await Promise.all(
          ingestors.map(async (pod) => (await scrapeMetrics(pod.app)).value('pds_ingestor_leader')),
        );
        return flags.filter((flag) => flag === 1).length === 1 && flags.every((flag) => flag !== undefined)
          ? flags
          : undefined;
      },
      'one ingestor leading, the others standing by',
      60_000,
    );
    expect([...leaders].sort()).toEqual([...Array<number>(ingestors.length - 1).fill(0), 1]);
  });

  test('should stop a gateway on SIGTERM within its grace period, closing its WebSockets with 1001', async () => {
    const [gateway] = pods.get('gateway') ?? [];
    if (!gateway) throw new Error('no gateway started');
    const { key } = await harness!.createKey({ wsConnections: 10 });
    const url = wsUrl(`http://127.0.0.1:${gateway.ports.get('http') ?? 0}`, PRICE, { apiKey: key });
    for (let index = 0; index < 2; index++) clients.push((await connect(url)).client);
    const spec = deploymentOf(objects, 'gateway').spec.template.spec;
    // After the preStop pause, what is left of the grace period before Kubernetes sends SIGKILL.
    const pause = containerOf(deploymentOf(objects, 'gateway')).lifecycle?.preStop?.sleep?.seconds ?? 0;
    const leftMs = (spec.terminationGracePeriodSeconds - pause) * 1000;
    let killed = false;
    const sigkill = setTimeout(() => {
      killed = true;
      gateway.app.process.kill('SIGKILL');
    }, leftMs);
    await gateway.app.stop('SIGTERM');
    clearTimeout(sigkill);
    expect(killed).toBe(false);
    const closes = await Promise.all(clients.map((client) => client.closed));
    expect(closes.map((close) => close.code)).toEqual([1001, 1001]);
  });
});
