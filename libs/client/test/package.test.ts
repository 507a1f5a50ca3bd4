import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { spawnApp, type RunningApp, uniquePrefix } from '@pds/testing';

const PACKAGE = resolve(__dirname, '..');
const REPOSITORY_MODULES = resolve(PACKAGE, '../../node_modules');
/** The client's dependencies and theirs, packed from the repository's own install (no registry needed). */
const DEPENDENCIES = ['openapi-fetch', 'openapi-typescript-helpers', 'ws'];
const run = promisify(execFile);
/** Start-up bound of the gateway: generous, the suites share two busy cores. */
const START_TIMEOUT_MS = 60_000;

/** What each scratch script prints: a public operation, a typed REST error, and a stream's typed error. */
const USE = (load: string) => `${load}
const client = createPriceDataClient({ baseUrl: process.argv[2], apiKey: 'not-a-key-of-this-service' });
const plans = await client.billing.listPlans();
const rest = await client.getCurrentPrice().catch((error) => error);
const stream = client.stream('price', {});
const streamed = await new Promise((resolve) => stream.on('error', resolve));
console.log(JSON.stringify({
  plans: plans.data.plans.map((plan) => plan.id).includes('free'),
  rest: rest instanceof UnauthorizedError && rest.status,
  stream: streamed instanceof UnauthorizedError && streamed.closeCode,
}));`;

/** Packs `directory` into `destination`; the tarball's file name. */
async function pack(directory: string, destination: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: directory,
  });
  return (JSON.parse(stdout) as [{ filename: string }])[0].filename;
}

/**
 * Acceptance 2 of issue 29: \`npm pack\` of libs/client installs into a scratch project with no
 * registry (--offline; its dependencies are packed from the repository's own node_modules, as a
 * private mirror would serve them: the npm cache holds their tarballs but not their registry
 * metadata) and works from both \`import\` and \`require\`.
 */
describe('the packed client in a scratch project', () => {
  let gateway: RunningApp | undefined;
  let scratch: string;

  beforeAll(async () => {
    if (!existsSync(join(PACKAGE, 'dist/index.cjs')))
      throw new Error('libs/client is not built: npm run build');
    scratch = mkdtempSync(join(tmpdir(), 'client-scratch-'));
    gateway = await spawnApp(
      'gateway',
      { REDIS_PREFIX: uniquePrefix('client-pack'), HOST: '127.0.0.1' },
      { timeoutMs: START_TIMEOUT_MS },
    );
    const tarballs = [await pack(PACKAGE, scratch)];
    for (const dependency of DEPENDENCIES)
      tarballs.push(await pack(join(REPOSITORY_MODULES, dependency), scratch));
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
    const install = tarballs.map((tarball) => join(scratch, tarball));
    await run('npm', ['install', ...install, '--offline', '--no-audit', '--no-fund'], { cwd: scratch });
  });

  afterAll(async () => {
    await gateway?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it.each([
    ['import', 'use.mjs', "import { createPriceDataClient, UnauthorizedError } from '@price-data/client';"],
    [
      'require',
      'use.cjs',
      "const { createPriceDataClient, UnauthorizedError } = require('@price-data/client');\n(async () => {",
    ],
  ])('should work from %s', async (_, file, load) => {
    const source = file.endsWith('.cjs') ? `${USE(load)}\n})();` : USE(load);
    writeFileSync(join(scratch, file), source);
    const { stdout } = await run(process.execPath, [file, `http://127.0.0.1:${gateway!.port}`], {
      cwd: scratch,
    });
    expect(JSON.parse(stdout)).toEqual({ plans: true, rest: 401, stream: 4401 });
  });

  it('should ship the declarations, both builds and its own README, and nothing of the server', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: PACKAGE });
    const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'README.md',
        'package.json',
        'dist/index.mjs',
        'dist/index.cjs',
        'dist/types/index.d.ts',
      ]),
    );
    expect(
      paths.filter((path) => !path.startsWith('dist/') && !['README.md', 'package.json'].includes(path)),
    ).toEqual([]);
  });
});
