import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** Node options that let takeHeapSnapshot ask the process for a heap snapshot written to `dir`. */
export function heapSnapshotArgv(dir: string | undefined): string[] {
  return dir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`] : [];
}

/**
 * Asks a process started with heapSnapshotArgv for a snapshot and waits until it is written (the
 * process writes it synchronously; its size holds still once done). Returns the file's path.
 */
export async function takeHeapSnapshot(pid: number, dir: string, timeoutMs = 300_000): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  let file: string | undefined;
  let size = -1;
  while (Date.now() < deadline) {
    await delay(1000);
    file ??= readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (file === undefined) continue;
    const now = statSync(join(dir, file)).size;
    if (now > 0 && now === size) return join(dir, file);
    size = now;
  }
  throw new Error(`no heap snapshot of process ${pid} in ${dir} within ${timeoutMs} ms`);
}
