import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** What became of the code cache in one run of a bundle. */
export type CodeCacheState = 'used' | 'missing' | 'rejected' | 'off';

export interface CodeCacheOptions {
  /** The cache's folder; undefined runs without one. */
  readonly folder: string | undefined;
  /** When the cache is written after the bundle starts: late enough to hold what start-up compiled. */
  readonly writeAfterMs: number;
}

export interface BundleRun {
  readonly cache: CodeCacheState;
  /** The bundle's `module.exports`. */
  readonly exports: unknown;
  /** True once a new cache has been written; false when none is to be (or writing failed). */
  readonly written: Promise<boolean>;
}

/** Caches of other builds of the same app, untouched this long, are removed when a new one is written. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Runs a CommonJS bundle as a module, compiled with the V8 code cache of an earlier run when there
 * is one, and writes one `writeAfterMs` later otherwise. Our own because Node 20 has no compile
 * cache (`module.enableCompileCache` came in 22.1), and a cache made after start-up also holds the
 * functions start-up compiled. Any failure of the cache only costs the start its speed.
 */
export function runBundle(file: string, options: CodeCacheOptions): BundleRun {
  const source = readFileSync(file, 'utf8');
  const app = basename(dirname(file));
  const folder = options.folder === undefined ? undefined : privateFolder(options.folder);
  const cacheFile = folder === undefined ? undefined : join(folder, cacheName(app, source));
  const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const exports = runAsModule(script, file);
  const cache = stateOf(cacheFile, cachedData, script);
  const written =
    cacheFile === undefined || cache === 'used'
      ? Promise.resolve(false)
      : writeLater(script, cacheFile, app, options.writeAfterMs);
  return { cache, exports, written };
}

function stateOf(
  cacheFile: string | undefined,
  cachedData: Buffer | undefined,
  script: Script,
): CodeCacheState {
  if (cacheFile === undefined) return 'off';
  if (cachedData === undefined) return 'missing';
  return script.cachedDataRejected === true ? 'rejected' : 'used';
}

/** `<app>-<node version>-<hash of the bundle>.cache`: V8 checks only the source's length, not its text. */
function cacheName(app: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 32);
  return `${app}-${process.version}-${hash}.cache`;
}

/** The folder, made if missing, when only this user may write to it (a cache is code); else undefined. */
function privateFolder(folder: string): string | undefined {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = statSync(folder);
    const ownUser = process.getuid === undefined || stat.uid === process.getuid();
    return stat.isDirectory() && ownUser && (stat.mode & 0o022) === 0 ? folder : undefined;
  } catch {
    return undefined;
  }
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Runs the compiled bundle as Node runs a CommonJS main module, with `require` from its folder. */
function runAsModule(script: Script, file: string): unknown {
  const module = new Module(file);
  module.filename = file;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function writeLater(script: Script, cacheFile: string, app: string, afterMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    setTimeout(() => {
      resolve(writeCache(script, cacheFile, app));
    }, afterMs).unref();
  });
}

/** Written whole under another name, then renamed: a start never reads half a cache. */
function writeCache(script: Script, cacheFile: string, app: string): boolean {
  try {
    const partial = `${cacheFile}.${process.pid}.partial`;
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, cacheFile);
  } catch {
    return false;
  }
  removeStale(cacheFile, `${app}-v`);
  return true;
}

/** Other caches of the app (names starting with `prefix`) untouched for STALE_MS; best effort. */
function removeStale(current: string, prefix: string): void {
  const folder = dirname(current);
  const now = Date.now();
  try {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      if (file !== current && name.startsWith(prefix) && now - statSync(file).mtimeMs > STALE_MS) {
        rmSync(file, { force: true });
      }
    }
  } catch {
    // A file another start removed meanwhile, or one not ours: the rest waits for the next cache.
  }
}
