import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AppName, launchArguments } from './spawn-app';

export interface AppExit {
  readonly code: number | null;
  /** Everything the app printed, standard output and error together. */
  readonly output: string;
}

/** Runs a built app until it exits by itself (Jest's timeout bounds a start that never ends). */
export async function runUntilExit(app: AppName, env: Record<string, string>): Promise<AppExit> {
  const child = spawn(process.execPath, launchArguments(app), {
    env: { ...process.env, PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  // 'close', not 'exit': at 'exit' the output pipes may still hold the last lines.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output: Buffer.concat(chunks).toString() };
}
