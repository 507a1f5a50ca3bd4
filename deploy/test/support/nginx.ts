import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

export const NGINX = '/usr/sbin/nginx';
const SHIPPED_CONFIG = resolve(__dirname, '../../nginx/nginx.conf');
/** The one port the shipped configuration listens on (docker-compose publishes it). */
const SHIPPED_LISTEN = 'listen 8080;';

export interface RenderedConfig {
  readonly folder: string;
  readonly config: string;
}

/**
 * The shipped nginx.conf in a folder of its own, with only what differs per environment replaced:
 * the listen address, and upstream.conf listing `upstreams` (loopback ports) as the compose file's
 * upstream.conf lists the gateway containers.
 */
export async function renderNginxConfig(
  upstreams: readonly number[],
  listenPort: number,
): Promise<RenderedConfig> {
  const shipped = await readFile(SHIPPED_CONFIG, 'utf8');
  if (!shipped.includes(SHIPPED_LISTEN)) throw new Error(`${SHIPPED_CONFIG} has no "${SHIPPED_LISTEN}"`);
  const shippedUpstream = await readFile(resolve(SHIPPED_CONFIG, '../upstream.conf'), 'utf8');
  const folder = await mkdtemp(join(tmpdir(), 'pds-nginx-'));
  const config = join(folder, 'nginx.conf');
  await writeFile(config, shipped.replace(SHIPPED_LISTEN, `listen 127.0.0.1:${listenPort};`));
  await writeFile(join(folder, 'upstream.conf'), loopbackUpstream(shippedUpstream, upstreams));
  return { folder, config };
}

/** The shipped upstream block with its servers replaced by loopback ones, keeping their parameters. */
function loopbackUpstream(shipped: string, ports: readonly number[]): string {
  const server = /^\s*server\s+\S+(.*);$/m.exec(shipped);
  if (!server) throw new Error('upstream.conf lists no server');
  const parameters = server[1] ?? '';
  const servers = ports.map((port) => `  server 127.0.0.1:${port}${parameters};`).join('\n');
  const withoutServers = shipped.replace(/^\s*server\s+.*;\n/gm, '');
  return withoutServers.replace(/(upstream\s+\w+\s*\{\n)/, `$1${servers}\n`);
}

export interface RunningNginx {
  readonly url: string;
  readonly port: number;
  readonly output: string[];
  stop(): Promise<void>;
}

async function waitUntilListening(port: number, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output.join('\n')}`);
    const answered = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${output.join('\n')}`);
    await delay(50);
  }
}

/**
 * nginx in the foreground as a test's own process, with the shipped configuration in front of
 * `upstreams`. Resolves once it answers on `listenPort`.
 */
export async function startNginx(upstreams: readonly number[], listenPort: number): Promise<RunningNginx> {
  const { folder, config } = await renderNginxConfig(upstreams, listenPort);
  const child = spawn(
    NGINX,
    ['-p', folder, '-c', config, '-e', 'stderr', '-g', `daemon off; pid ${join(folder, 'nginx.pid')};`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => output.push(line));
  }
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(listenPort, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${listenPort}`, port: listenPort, output, stop };
}
