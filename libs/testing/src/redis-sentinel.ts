import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { eventually } from './poll';
import { freePort, generateRedisPassword, passwordArguments, waitUntilReady } from './redis-server';
import { type RedisTarget, redisTarget } from './test-redis';

/** The master group's name, as the apps' REDIS_SENTINEL_NAME. */
export const SENTINEL_MASTER_NAME = 'pds';
const SENTINELS = 3;
const QUORUM = 2;
/** A silent master counts as down after this; the failover then takes a second or two. */
const DOWN_AFTER_MS = 1000;

export interface SentinelGroup {
  /** REDIS_TOPOLOGY=sentinel with the three sentinels, and connections built as the apps build theirs. */
  readonly target: RedisTarget;
  /** The master's port, as the sentinels name it now. */
  masterPort(): Promise<number>;
  /** Kills the master with SIGKILL (a crash) and resolves with its port; the sentinels promote the replica. */
  killMaster(): Promise<number>;
  /** Resolves once the sentinels name a master other than the one on `oldPort`. */
  failedOverFrom(oldPort: number, timeoutMs?: number): Promise<number>;
  dispose(): Promise<void>;
}

async function spawnServer(args: string[], port: number, readyLine?: string): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await waitUntilReady(child, port, readyLine);
  return child;
}

/**
 * A server's arguments; each has a folder of its own, for the replica's copy of the master's data.
 * Every server asks for the group's password and gives it to its master.
 */
function dataArgs(port: number, parent: string, password: string): string[] {
  const dir = join(parent, `server-${port}`);
  mkdirSync(dir);
  return [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    ...passwordArguments(password),
  ];
}

/** Until the replica holds the master's data set and follows it. */
async function untilReplicating(replicaPort: number, password: string): Promise<void> {
  const replica = new Redis({ port: replicaPort, host: '127.0.0.1', password });
  try {
    await eventually(
      async () => ((await replica.info('replication')).includes('master_link_status:up') ? true : undefined),
      `the replica on port ${replicaPort} in sync`,
      30_000,
    );
  } finally {
    replica.disconnect();
  }
}

/**
 * A sentinel that gives the data servers their password (auth-pass) and asks its own clients for
 * the same one (requirepass), as REDIS_PASSWORD and REDIS_SENTINEL_PASSWORD name them to the apps.
 */
function sentinelConfig(port: number, dir: string, masterPort: number, password: string): string {
  const name = SENTINEL_MASTER_NAME;
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    `requirepass ${password}`,
    `sentinel monitor ${name} 127.0.0.1 ${masterPort} ${QUORUM}`,
    `sentinel auth-pass ${name} ${password}`,
    `sentinel down-after-milliseconds ${name} ${DOWN_AFTER_MS}`,
    `sentinel failover-timeout ${name} 10000`,
    `sentinel parallel-syncs ${name} 1`,
    '',
  ].join('\n');
}

/** `SENTINEL MASTER` as a record: its reply is a flat list of names and values. */
async function masterState(sentinel: Redis): Promise<Record<string, string>> {
  const reply = (await sentinel.call('SENTINEL', 'MASTER', SENTINEL_MASTER_NAME)) as string[];
  const state: Record<string, string> = {};
  for (let index = 0; index + 1 < reply.length; index += 2)
    state[reply[index] ?? ''] = reply[index + 1] ?? '';
  return state;
}

/** Until every sentinel sees the replica and the other sentinels: only then can they fail over. */
async function untilSentinelsAgree(sentinels: readonly Redis[]): Promise<void> {
  await eventually(
    async () => {
      const states = await Promise.all(sentinels.map(masterState));
      const settled = states.every(
        (state) => state['num-slaves'] === '1' && state['num-other-sentinels'] === String(SENTINELS - 1),
      );
      return settled ? true : undefined;
    },
    'three sentinels that know each other and the replica',
    30_000,
  );
}

/** The group's processes by port, and a client of each sentinel. */
class GroupProcesses {
  readonly dir = mkdtempSync(join(tmpdir(), 'pds-sentinel-'));
  readonly servers = new Map<number, ChildProcess>();
  readonly sentinels = new Map<number, ChildProcess>();
  readonly clients: Redis[] = [];
  readonly password = generateRedisPassword();

  /** The master and its replica; resolves with the master's port. */
  async startData(): Promise<number> {
    const [masterPort, replicaPort] = [await freePort(), await freePort()];
    const masterArgs = dataArgs(masterPort, this.dir, this.password);
    this.servers.set(masterPort, await spawnServer(masterArgs, masterPort));
    const replicaArgs = [
      ...dataArgs(replicaPort, this.dir, this.password),
      '--replicaof',
      '127.0.0.1',
      String(masterPort),
    ];
    this.servers.set(replicaPort, await spawnServer(replicaArgs, replicaPort));
    await untilReplicating(replicaPort, this.password);
    return masterPort;
  }

  async startSentinels(masterPort: number): Promise<void> {
    for (let index = 0; index < SENTINELS; index++) {
      const port = await freePort();
      const file = join(this.dir, `sentinel-${port}.conf`);
      writeFileSync(file, sentinelConfig(port, this.dir, masterPort, this.password));
      this.sentinels.set(port, await spawnServer([file, '--sentinel'], port, '+monitor master'));
      this.clients.push(new Redis({ port, host: '127.0.0.1', password: this.password }));
    }
    await untilSentinelsAgree(this.clients);
  }

  async masterPort(): Promise<number> {
    const [sentinel] = this.clients;
    if (!sentinel) throw new Error('no sentinel started');
    const reply = (await sentinel.call(
      'SENTINEL',
      'GET-MASTER-ADDR-BY-NAME',
      SENTINEL_MASTER_NAME,
    )) as string[];
    return Number(reply[1]);
  }

  async kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  async dispose(): Promise<void> {
    for (const client of this.clients) client.disconnect();
    await Promise.all(
      [...this.servers.values(), ...this.sentinels.values()].map((child) => this.kill(child)),
    );
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A private master, its replica and three sentinels on loopback ports, for failover tests; nothing
 * is persisted (the replica holds the data). Servers and sentinels ask for one random password, as
 * the shipped compose file's Redis does. The shared server on 6379 stays untouched.
 */
export async function startSentinelGroup(): Promise<SentinelGroup> {
  const processes = new GroupProcesses();
  try {
    await processes.startSentinels(await processes.startData());
  } catch (error) {
    await processes.dispose();
    throw error;
  }
  const target = redisTarget({
    REDIS_TOPOLOGY: 'sentinel',
    REDIS_SENTINELS: [...processes.sentinels.keys()].map((port) => `127.0.0.1:${port}`).join(','),
    REDIS_SENTINEL_NAME: SENTINEL_MASTER_NAME,
    REDIS_PASSWORD: processes.password,
    REDIS_SENTINEL_PASSWORD: processes.password,
  });
  return {
    target,
    masterPort: () => processes.masterPort(),
    killMaster: async () => {
      const port = await processes.masterPort();
      const master = processes.servers.get(port);
      if (!master) throw new Error(`no server of this group on the master's port ${port}`);
      await processes.kill(master);
      return port;
    },
    failedOverFrom: (oldPort, timeoutMs = 30_000) =>
      eventually(
        async () => {
          const port = await processes.masterPort();
          return port !== oldPort ? port : undefined;
        },
        `a master other than the one on port ${oldPort}`,
        timeoutMs,
      ),
    dispose: () => processes.dispose(),
  };
}
