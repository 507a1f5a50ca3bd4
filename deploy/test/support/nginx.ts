import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

export const NGINX = '/usr/sbin/nginx';
const SHIPPED_FOLDER = resolve(__dirname, '../../nginx');
/** The plain HTTP port of both shipped modes (docker-compose publishes it). */
const SHIPPED_HTTP_LISTEN = 'listen 8080;';
/** The TLS mode's HTTPS port, and the folder its certificate and key are mounted at. */
const SHIPPED_HTTPS_LISTEN = 'listen 8443 ssl;';
const SHIPPED_TLS_FOLDER = '/etc/pds-tls/';

/** Plain HTTP (nginx-plain.conf), or TLS (nginx.conf) with its certificate and key in `tlsFolder`. */
export type NginxMode =
  | { readonly kind: 'plain' }
  | { readonly kind: 'tls'; readonly httpsPort: number; readonly tlsFolder: string };

export const PLAIN: NginxMode = { kind: 'plain' };

export interface RenderedConfig {
  readonly folder: string;
  readonly config: string;
}

/** `text` with `from` replaced everywhere, or an error naming what the shipped file lacks. */
function substitute(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
  return text.split(from).join(to);
}

/** The shipped entry file of `mode` with only its listen addresses and certificate folder replaced. */
function renderEntry(shipped: string, file: string, httpPort: number, mode: NginxMode): string {
  const plain = substitute(shipped, SHIPPED_HTTP_LISTEN, `listen 127.0.0.1:${httpPort};`, file);
  if (mode.kind === 'plain') return plain;
  const https = substitute(plain, SHIPPED_HTTPS_LISTEN, `listen 127.0.0.1:${mode.httpsPort} ssl;`, file);
  return substitute(https, SHIPPED_TLS_FOLDER, `${mode.tlsFolder}/`, file);
}

/**
 * The shipped deploy/nginx files in a folder of their own, with only what differs per environment
 * replaced: the listen addresses, the certificate folder (TLS mode), and upstream.conf listing
 * `upstreams` (loopback ports) as the compose file's upstream.conf lists the gateway containers.
 */
export async function renderNginxConfig(
  upstreams: readonly number[],
  httpPort: number,
  mode: NginxMode = PLAIN,
): Promise<RenderedConfig> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-nginx-'));
  for (const file of await readdir(SHIPPED_FOLDER)) {
    const shipped = await readFile(join(SHIPPED_FOLDER, file), 'utf8');
    await writeFile(
      join(folder, file),
      file === 'upstream.conf' ? loopbackUpstream(shipped, upstreams) : shipped,
    );
  }
  const entry = mode.kind === 'plain' ? 'nginx-plain.conf' : 'nginx.conf';
  const config = join(folder, entry);
  await writeFile(config, renderEntry(await readFile(config, 'utf8'), entry, httpPort, mode));
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
  /** Plain HTTP (`/health` answers here in both modes). */
  readonly url: string;
  readonly port: number;
  /** HTTPS, in TLS mode. */
  readonly httpsUrl?: string;
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
 * nginx in the foreground as a test's own process, with the shipped configuration of `mode` in front
 * of `upstreams`. Resolves once it answers on `listenPort`.
 */
export async function startNginx(
  upstreams: readonly number[],
  listenPort: number,
  mode: NginxMode = PLAIN,
): Promise<RunningNginx> {
  const { folder, config } = await renderNginxConfig(upstreams, listenPort, mode);
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
  const httpsUrl = mode.kind === 'tls' ? `https://127.0.0.1:${mode.httpsPort}` : undefined;
  return { url: `http://127.0.0.1:${listenPort}`, port: listenPort, httpsUrl, output, stop };
}
