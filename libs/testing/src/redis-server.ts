import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

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

async function waitUntilAnswering(port: number): Promise<void> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
}

/**
 * A private, throw-away redis-server for tests that stop and restart Redis; the shared server on
 * 6379 stays untouched. Nothing is persisted.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitUntilAnswering(port);
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
