import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** A free TCP port on loopback, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  /** Starts the server again on the same port (after stop). */
  start(): Promise<void>;
}

/** redis-server prints this line once it accepts connections. */
const READY_LINE = 'Ready to accept connections';

/** Resolves once a spawned redis-server (stdout piped) accepts connections; rejects if it exits first. */
export async function waitUntilReady(child: ChildProcess, port: number): Promise<void> {
  if (!child.stdout) throw new Error('redis-server must be spawned with stdout piped');
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(() => {
    throw new Error(`redis-server on port ${port} exited during start-up`);
  });
  const ready = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line.includes(READY_LINE)) resolve();
    });
  });
  await Promise.race([ready, exited]);
}

async function spawnUntilReady(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await waitUntilReady(child, port);
  return child;
}

/**
 * A private, throw-away redis-server for tests that stop and restart Redis; the shared server on
 * 6379 stays untouched. Nothing is persisted.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = await spawnUntilReady(port);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}
