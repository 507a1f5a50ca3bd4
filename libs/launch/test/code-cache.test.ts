import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BundleRun } from '../src/code-cache';

/** The built module: each run is a process of its own, as each start is (V8 reuses a compile within one). */
const CODE_CACHE = resolve(__dirname, '../../../dist/libs/launch/src/code-cache.js');

type Run = Omit<BundleRun, 'written'> & { readonly written: boolean };

/** Runs `file` with runBundle in a new Node process, the cache written at once, and reports the run. */
async function runBundle(file: string, options: { folder: string | undefined }): Promise<Run> {
  const script = `
    const { runBundle } = require(${JSON.stringify(CODE_CACHE)});
    const run = runBundle(${JSON.stringify(file)}, { folder: ${JSON.stringify(options.folder)}, writeAfterMs: 0 });
    // The cache's timer does not hold a process open (an app's server does): this one does, till written.
    const open = setInterval(() => {}, 1000);
    run.written.then((written) => {
      console.log(JSON.stringify({ cache: run.cache, exports: run.exports, written }));
      clearInterval(open);
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script]);
  return JSON.parse(stdout) as Run;
}

/** A bundle as tools/bundle-apps.ts writes one: CommonJS in dist/apps/<app>/bundle.js. */
function writeBundle(root: string, app: string, body: string): string {
  const folder = join(root, 'apps', app);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'bundle.js');
  writeFileSync(file, body);
  return file;
}

const BODY = `
const { basename } = require('node:path');
function square(n) { return n * n; }
module.exports = { answer: square(7), name: basename(__filename), dir: basename(__dirname) };
`;

/** What BODY exports when it runs as `gateway/bundle.js`. */
const BODY_EXPORTS = { answer: 49, name: 'bundle.js', dir: 'gateway' };

/** What a start that used no cache reports: the bundle ran, nothing read or written. */
const RAN_WITHOUT_CACHE = { cache: 'off', exports: BODY_EXPORTS, written: false };

describe('runBundle (libs/launch)', () => {
  let root: string;
  let cacheFolder: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pds-launch-'));
    cacheFolder = join(root, 'cache');
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the bundle as a CommonJS module with its own require, __filename and __dirname', async () => {
    const run = await runBundle(writeBundle(root, 'gateway', BODY), { folder: undefined });
    expect(run).toEqual(RAN_WITHOUT_CACHE);
  });

  it('writes a cache after the start and compiles the next start from it', async () => {
    const file = writeBundle(root, 'gateway', BODY);
    const first = await runBundle(file, { folder: cacheFolder });
    expect(first).toMatchObject({ cache: 'missing', written: true });
    expect(readdirSync(cacheFolder)).toEqual([
      expect.stringMatching(/^gateway-v[\d.]+-[0-9a-f]{32}\.cache$/),
    ]);

    const second = await runBundle(file, { folder: cacheFolder });
    expect(second).toEqual({ cache: 'used', exports: first.exports, written: false });
  });

  it('never takes the cache of another build of the same length', async () => {
    const file = writeBundle(root, 'gateway', BODY);
    await runBundle(file, { folder: cacheFolder });
    writeBundle(root, 'gateway', BODY.replace('n * n', 'n + n'));

    const changed = await runBundle(file, { folder: cacheFolder });
    expect(changed).toEqual({
      cache: 'missing',
      exports: { answer: 14, name: 'bundle.js', dir: 'gateway' },
      written: true,
    });
    expect(readdirSync(cacheFolder)).toHaveLength(2);
  });

  it('removes a cache of another build of the app once it is an hour old, never another app’s', async () => {
    const file = writeBundle(root, 'gateway', BODY);
    await runBundle(file, { folder: cacheFolder });
    await runBundle(writeBundle(root, 'ingestor', BODY), { folder: cacheFolder });
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of readdirSync(cacheFolder)) utimesSync(join(cacheFolder, name), hoursAgo, hoursAgo);

    writeBundle(root, 'gateway', BODY.replace('n * n', 'n - n'));
    await runBundle(file, { folder: cacheFolder });

    const names = readdirSync(cacheFolder).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^gateway-/);
    expect(names[1]).toMatch(/^ingestor-/);
  });

  it('runs without a cache from a folder that others may write to', async () => {
    mkdirSync(cacheFolder);
    chmodSync(cacheFolder, 0o777);
    const run = await runBundle(writeBundle(root, 'gateway', BODY), { folder: cacheFolder });
    expect(run).toEqual(RAN_WITHOUT_CACHE);
    expect(readdirSync(cacheFolder)).toEqual([]);
  });

  it('runs without a cache when the cache folder names a file', async () => {
    writeFileSync(cacheFolder, 'not a folder');
    const run = await runBundle(writeBundle(root, 'gateway', BODY), { folder: cacheFolder });
    expect(run).toEqual(RAN_WITHOUT_CACHE);
  });

  it('compiles afresh, and caches again, when the cached data is not V8’s', async () => {
    const file = writeBundle(root, 'gateway', BODY);
    await runBundle(file, { folder: cacheFolder });
    const [name] = readdirSync(cacheFolder);
    writeFileSync(join(cacheFolder, name ?? ''), 'not a code cache');

    const run = await runBundle(file, { folder: cacheFolder });
    expect(run).toEqual({
      cache: 'rejected',
      exports: BODY_EXPORTS,
      written: true,
    });
    expect((await runBundle(file, { folder: cacheFolder })).cache).toBe('used');
  });
});
