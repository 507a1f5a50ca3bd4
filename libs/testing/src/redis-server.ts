import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Below Linux's ephemeral range (32768 to 60999), from which the kernel gives every `listen(0)` and
 * outgoing connection a port: one it gave away between our check and the use would fail the start
 * with EADDRINUSE (seen: a gateway started on a port found free moments before).
 */
const PORTS = { from: 20_000, to: 32_000 } as const;

/** True when nothing listens on `port` of loopback now. */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolvePromise) => {
    server.once('error', () => {
      resolvePromise(false);
    });
    server.listen(port, '127.0.0.1', () => {
      resolvePromise(true);
    });
  });
  if (listening) await new Promise((resolvePromise) => server.close(resolvePromise));
  return listening;
}

/**
 * A TCP port free on loopback now, for a setting that cannot be 0 (a URL or a peer must name it):
 * a random one outside the range the kernel hands out itself.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${PORTS.from} and ${PORTS.to} in 100 tries`);
}

export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:port`, with `:password@` when the server asks for one. */
  readonly url: string;
  readonly password?: string;
  /**
   * Kills the server (SIGKILL, as a crash). With `appendOnly` every acknowledged write survives: it
   * is in the file (the kernel's cache) before the reply, and only a machine crash would lose it.
   */
  stop(): Promise<void>;
  /** Starts the server again on the same port (after stop), from its append-only file if it keeps one. */
  start(): Promise<void>;
  /**
   * Freezes the server (SIGSTOP): connections stay open and every command waits unanswered, as a
   * Redis stuck on a slow disk or a long command. `resume` (SIGCONT) lets it answer again.
   */
  pause(): void;
  resume(): void;
  /** Stops the server for good and removes its data folder. */
  dispose(): Promise<void>;
}

export interface RedisServerOptions {
  /**
   * Keep an append-only file in a temporary folder, as production does (`--appendonly yes
   * --appendfsync everysec`): the data survives a stop and start. Without it nothing is persisted.
   */
  readonly appendOnly?: boolean;
  /** More redis-server arguments, e.g. `['--maxmemory-policy', 'allkeys-lru']`. */
  readonly extraArguments?: readonly string[];
  /** Every client must give this password (`--requirepass`), as the shipped compose file's Redis asks. */
  readonly password?: string;
}

/** A fresh password for a private server: URL-safe, as compose's REDIS_URL needs it to be. */
export function generateRedisPassword(): string {
  return randomBytes(16).toString('hex');
}

/** The arguments that make a server ask for `password` (and give it to its master, as a replica). */
export function passwordArguments(password: string | undefined): string[] {
  return password === undefined ? [] : ['--requirepass', password, '--masterauth', password];
}

/** redis-server prints this line once it accepts connections. */
const READY_LINE = 'Ready to accept connections';

/** Every server gets a folder of its own: a replica's full sync writes an RDB file even with `--save ""`. */
function persistenceArguments(dataDir: string, appendOnly: boolean): string[] {
  const appendArgs = appendOnly
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
  return ['--save', '', ...appendArgs, '--dir', dataDir];
}

/**
 * Resolves once a spawned redis-server (stdout piped) accepts connections, or prints `readyLine`
 * (a sentinel prints no ready line of its own); rejects if it exits first.
 */
export async function waitUntilReady(
  child: ChildProcess,
  port: number,
  readyLine = READY_LINE,
): Promise<void> {
  if (!child.stdout) throw new Error('redis-server must be spawned with stdout piped');
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(() => {
    throw new Error(`redis-server on port ${port} exited during start-up`);
  });
  const ready = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line.includes(readyLine)) resolve();
    });
  });
  await Promise.race([ready, exited]);
}

async function spawnUntilReady(
  port: number,
  dataDir: string,
  appendOnly: boolean,
  extra: readonly string[],
): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', ...persistenceArguments(dataDir, appendOnly), ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await waitUntilReady(child, port);
  return child;
}

/**
 * A private, throw-away redis-server for tests that stop and restart Redis; the shared server on
 * 6379 stays untouched.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pds-redis-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const extra = [...passwordArguments(options.password), ...(options.extraArguments ?? [])];
    child = await spawnUntilReady(port, dataDir, options.appendOnly === true, extra);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  };
  const signal = (name: NodeJS.Signals): void => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  const dispose = async (): Promise<void> => {
    if (child?.exitCode === null) child.kill('SIGCONT');
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await start();
  const auth = options.password === undefined ? '' : `:${options.password}@`;
  const url = `redis://${auth}127.0.0.1:${port}`;
  const pause = (): void => {
    signal('SIGSTOP');
  };
  const resume = (): void => {
    signal('SIGCONT');
  };
  return { port, url, password: options.password, start, stop, pause, resume, dispose };
}
