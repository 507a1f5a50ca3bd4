import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort, waitUntilReady } from './redis-server';

const run = promisify(execFile);

const MASTERS = 3;
const STATE_OK_TIMEOUT_MS = 20_000;

export interface RedisCluster {
  /** `host:port` of every master, comma-separated: the REDIS_CLUSTER_NODES of the apps. */
  readonly nodes: string;
  /** What an app needs in its environment to use this cluster. */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

interface NodePorts {
  readonly port: number;
  /** The cluster bus; by default port + 10000, which may be taken or out of range. */
  readonly busPort: number;
}

/** Distinct free ports for every node and its cluster bus. */
async function freeNodePorts(): Promise<NodePorts[]> {
  const taken = new Set<number>();
  const next = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const nodes: NodePorts[] = [];
  for (let index = 0; index < MASTERS; index += 1) nodes.push({ port: await next(), busPort: await next() });
  return nodes;
}

function spawnClusterNode({ port, busPort }: NodePorts, folder: string): ChildProcess {
  return spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--cluster-port',
      String(busPort),
      '--bind',
      '127.0.0.1',
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(folder, `nodes-${port}.conf`),
      // Without replicas nothing can fail over: a short timeout would only let a node starved of
      // CPU by the other suites be marked failed, and the cluster answer CLUSTERDOWN meanwhile.
      '--cluster-node-timeout',
      '60000',
      '--dir',
      folder,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
}

async function clusterState(port: number): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
  return /cluster_state:(\w+)/.exec(stdout)?.[1] ?? 'unknown';
}

/** True once `redis-cli --cluster check` finds every slot served and every node agreeing on them. */
async function slotsAgreed(port: number): Promise<boolean> {
  const output = await run('redis-cli', ['--cluster', 'check', `127.0.0.1:${port}`]).then(
    ({ stdout }) => stdout,
    () => '',
  );
  return (
    output.includes('All nodes agree about slots configuration') && output.includes('All 16384 slots covered')
  );
}

/**
 * Polls until every node says `cluster_state:ok` and they all agree on the slot map: a node can be
 * `ok` while the others' view of it is still spreading, and a command then meets CLUSTERDOWN.
 */
async function waitForStateOk(ports: readonly number[]): Promise<void> {
  const deadline = Date.now() + STATE_OK_TIMEOUT_MS;
  for (;;) {
    const states = await Promise.all(ports.map(clusterState));
    const agreed = await Promise.all(ports.map(slotsAgreed));
    if (states.every((state) => state === 'ok') && agreed.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`Redis Cluster not ok in time: ${states.join(', ')}`);
    await sleep(100);
  }
}

async function stopAll(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    }),
  );
}

/**
 * A private three-master Redis Cluster (no replicas) on free loopback ports, its node files in a
 * temporary folder: `redis-server --cluster-enabled yes` × 3, then `redis-cli --cluster create`.
 * Resolves once every node reports `cluster_state:ok`. Nothing is persisted.
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-redis-cluster-'));
  const nodePorts = await freeNodePorts();
  const ports = nodePorts.map((node) => node.port);
  const children = nodePorts.map((node) => spawnClusterNode(node, folder));
  const stop = async (): Promise<void> => {
    await stopAll(children);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await Promise.all(children.map((child, index) => waitUntilReady(child, ports[index] ?? 0)));
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
    await waitForStateOk(ports);
    const nodes = addresses.join(',');
    return { nodes, env: { REDIS_TOPOLOGY: 'cluster', REDIS_CLUSTER_NODES: nodes }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
