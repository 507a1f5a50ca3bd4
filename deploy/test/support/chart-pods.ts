import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type AppName, freePort, type RunningApp, spawnApp } from '@pds/testing';
import { type Container, containerOf, type Deployment, type EnvVar, type Probe } from './chart-objects';
import { ROOT } from './observability-files';

/** The image's working directory (Dockerfile: WORKDIR /app), where this checkout's dist/ stands in. */
const IMAGE_WORKDIR = '/app';

/** A rendered container run as a local process: its ports mapped to free ones, as a pod network would. */
export interface RunningPod {
  readonly app: RunningApp;
  readonly container: Container;
  /** The local port of each named container port. */
  readonly ports: ReadonlyMap<string, number>;
  /** The URL a probe of the container calls. */
  probeUrl(probe: Probe): string;
}

/** Node's arguments of a container whose command is `node <script> ...`, with the image's paths in this checkout. */
export function nodeArguments(container: Container): string[] {
  const [executable, script = '', ...rest] = [...container.command, ...(container.args ?? [])];
  if (executable !== 'node') throw new Error(`${container.name}: the command runs ${executable}, not node`);
  const local = join(ROOT, script.replace(new RegExp(`^${IMAGE_WORKDIR}/`), ''));
  if (!existsSync(local)) throw new Error(`${container.name}: ${script} is not in the build (npm run build)`);
  return [local, ...rest];
}

/** The container's environment, each secretKeyRef filled from `secrets` (by key). */
export function containerEnv(
  container: Container,
  secrets: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of container.env) env[variable.name] = resolveValue(variable, secrets);
  return env;
}

function resolveValue(variable: EnvVar, secrets: Readonly<Record<string, string>>): string {
  if (variable.value !== undefined) return variable.value;
  const key = variable.valueFrom?.secretKeyRef?.key;
  const value = key === undefined ? undefined : secrets[key];
  if (value === undefined) throw new Error(`${variable.name}: no test value for its secret key ${key}`);
  return value;
}

/** The setting that tells the app the port of each named container port. */
const PORT_SETTINGS: Readonly<Record<string, string>> = { http: 'PORT', metrics: 'METRICS_PORT' };

/**
 * Starts one replica of `deployment` with its container's command and environment. Each container
 * port must be the one its setting names (PORT, METRICS_PORT); it is then mapped to a free port.
 */
export async function startPod(
  deployment: Deployment,
  secrets: Readonly<Record<string, string>>,
): Promise<RunningPod> {
  const container = containerOf(deployment);
  const env = containerEnv(container, secrets);
  const ports = new Map<string, number>();
  for (const port of container.ports) {
    const setting = PORT_SETTINGS[port.name];
    if (!setting || env[setting] !== String(port.containerPort)) {
      throw new Error(
        `${container.name}: port ${port.name} ${port.containerPort} is not what ${setting} says`,
      );
    }
    ports.set(port.name, await freePort());
    env[setting] = String(ports.get(port.name));
  }
  const app = await spawnApp(container.name as AppName, env, { nodeArguments: nodeArguments(container) });
  const probeUrl = (probe: Probe): string => {
    const { port, path } = probe.httpGet;
    const name =
      typeof port === 'number' ? container.ports.find((p) => p.containerPort === port)?.name : port;
    const local = name === undefined ? undefined : ports.get(name);
    if (local === undefined)
      throw new Error(`${container.name}: a probe names the port ${port}, which it lacks`);
    return `http://127.0.0.1:${local}${path}`;
  };
  return { app, container, ports, probeUrl };
}
