import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { AppName } from '@pds/launch';

/** The apps as built by `npm run build` (@pds/launch names them); integration tests run real processes of them. */
export type { AppName };

export interface RunningApp {
  readonly process: ChildProcess;
  /** The port the app printed in its `ready` log line. */
  readonly port: number;
  readonly output: string[];
  /** Resolves with the first log line for which `match` is true (already printed or yet to come). */
  waitForLog(
    match: (entry: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** An app's last `count` printed lines (those `only` matches, if given), for a failure to say what it saw. */
export function lastLines(
  app: { readonly output: readonly string[] } | undefined,
  count: number,
  only?: RegExp,
): string[] {
  const lines = app?.output ?? [];
  return (only ? lines.filter((line) => only.test(line)) : lines).slice(-count);
}

/** The repository root: the nearest folder above with a package.json (from src or from dist). */
function repositoryRoot(from: string): string {
  let folder = from;
  while (!existsSync(resolve(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${from}`);
    folder = parent;
  }
  return folder;
}

const ROOT = repositoryRoot(__dirname);

/** The app's built entry point, unbundled (its folder also holds the gateway's keys CLI). */
export function builtEntryPoint(app: AppName): string {
  return resolve(ROOT, 'dist/apps', app, 'src/main.js');
}

/** Node's arguments that start a built app as production does: its bundle, through the launcher (libs/launch). */
export function launchArguments(app: AppName): string[] {
  return [resolve(ROOT, 'dist/libs/launch/src/launch.js'), app];
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

type LogEntry = Record<string, unknown>;

interface LogCollector {
  readonly output: string[];
  waitForLog: RunningApp['waitForLog'];
}

/**
 * How long an app may take to print `ready`, unless the caller says: generous, because on a busy
 * 2-core machine (the whole suite at once) a gateway's start has taken more than 20 s.
 */
const START_UP_BOUND_MS = 60_000;

/** How long `waitForLog` waits unless told: generous for the same reason. */
const LOG_WAIT_MS = 60_000;

/** Keeps every line a child prints and lets callers await the first JSON line that matches. */
export interface SpawnOptions {
  /** Start-up bound for the `ready` line. */
  readonly timeoutMs?: number;
  /**
   * Keep every line for assertions (tests); off for long-running stacks. Off, `waitForLog` sees
   * only lines printed after it is called (a line printed before `ready` is gone).
   */
  readonly retainOutput?: boolean;
  /** Called with each line as it is printed. */
  readonly onLine?: (line: string, entry: LogEntry | undefined) => void;
  /** Node's arguments instead of the launcher's (`launchArguments`), e.g. a rendered container's. */
  readonly nodeArguments?: readonly string[];
}

function collectLogs(child: ChildProcess, app: AppName, options: SpawnOptions): LogCollector {
  const output: string[] = [];
  const entries: LogEntry[] = [];
  const waiters = new Set<(entry: LogEntry) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      const entry = parse(line);
      options.onLine?.(line, entry);
      if (options.retainOutput === false) {
        if (entry) for (const waiter of waiters) waiter(entry);
        return;
      }
      output.push(line);
      if (!entry) return;
      entries.push(entry);
      for (const waiter of waiters) waiter(entry);
    });
  }
  return { output, waitForLog: logWaiter(app, entries, output, waiters) };
}

/** `waitForLog` over the entries seen so far and the ones still to come (through `waiters`). */
function logWaiter(
  app: AppName,
  entries: readonly LogEntry[],
  output: readonly string[],
  waiters: Set<(entry: LogEntry) => void>,
): RunningApp['waitForLog'] {
  return (match, waitMs = LOG_WAIT_MS) =>
    new Promise((resolvePromise, reject) => {
      const seen = entries.find(match);
      if (seen) {
        resolvePromise(seen);
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${app}: no matching log line in ${waitMs} ms. Output:\n${output.join('\n')}`));
      }, waitMs);
      timer.unref();
      const waiter = (entry: LogEntry): void => {
        if (!match(entry)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolvePromise(entry);
      };
      waiters.add(waiter);
    });
}

/**
 * Starts a built app with `env` (PORT and METRICS_PORT 0 unless given) and resolves once it logs
 * `{"msg":"ready","port":N}`. Output is kept for assertions and printed if start-up fails.
 */
export async function spawnApp(
  app: AppName,
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<RunningApp> {
  const child = spawn(process.execPath, [...(options.nodeArguments ?? launchArguments(app))], {
    env: { ...process.env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, waitForLog } = collectLogs(child, app, options);
  const exited = once(child, 'exit');
  const ready = waitForLog((entry) => entry.msg === 'ready', options.timeoutMs ?? START_UP_BOUND_MS);
  const first = await Promise.race([ready, exited.then(() => undefined)]);
  if (!first) throw new Error(`${app} exited during start-up. Output:\n${output.join('\n')}`);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { process: child, port: Number(first.port), output, waitForLog, stop };
}
