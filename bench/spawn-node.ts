import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { RunningApp } from '@pds/testing';

/**
 * The gateway as the bench starts it: unbundled, the same code as the bundle that production runs
 * (libs/launch), so that a CPU profile names its source files (profile-split.ts).
 */
export const GATEWAY_SCRIPT = 'apps/gateway/src/main.js';

/**
 * Starts a built script under dist/ and waits for its `ready` line; `execArgv` are node's own
 * options (e.g. --cpu-prof, which NODE_OPTIONS does not allow).
 */
export async function spawnNode(
  script: string,
  env: Record<string, string>,
  execArgv: readonly string[] = [],
): Promise<RunningApp> {
  const child = spawn(process.execPath, [...execArgv, resolve(__dirname, '..', script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit');
  const metricsLine = new Promise<Record<string, unknown>>((resolveLine) => {
    // Only this line is kept (how the bench finds the metrics port): the rest would cost memory.
    lines.on('line', (line) => {
      if (line.includes('"metrics-listening"')) resolveLine(JSON.parse(line) as Record<string, unknown>);
    });
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    lines.on('line', (line) => {
      if (!line.includes('"ready"')) return;
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'ready' && entry.port !== undefined) resolvePort(entry.port);
    });
    void exited.then(() => {
      reject(new Error(`${script} exited during start-up`));
    });
  });
  return {
    process: child,
    port,
    output: [],
    waitForLog: async (match) => {
      const line = await metricsLine;
      if (!match(line)) throw new Error('the bench keeps only the metrics-listening line');
      return line;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
