// Builds the package (ESM, CommonJS and declarations in libs/client/dist) and the browser script
// the /demo page loads (dist/client/price-data-client.js at the repository root, one global
// `PriceDataClient`). esbuild because one fast, well-kept tool does all three bundles (and Node 20
// still runs it, unlike tsup 9); tsc writes the declarations, as only it can.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(HERE, '../..');
const entryPoints = [resolve(HERE, 'src/index.ts')];
const shared = { entryPoints, bundle: true, target: 'es2022', logLevel: 'warning', sourcemap: true };

rmSync(resolve(HERE, 'dist'), { recursive: true, force: true });
await Promise.all([
  // The package: its dependencies stay imports, resolved where it is installed.
  build({
    ...shared,
    platform: 'neutral',
    format: 'esm',
    outfile: resolve(HERE, 'dist/index.mjs'),
    external: ['openapi-fetch', 'ws'],
  }),
  build({
    ...shared,
    platform: 'node',
    format: 'cjs',
    outfile: resolve(HERE, 'dist/index.cjs'),
    external: ['openapi-fetch', 'ws'],
  }),
  // A page's script: everything inside, `ws` never loaded there (a browser has its own WebSocket).
  build({
    ...shared,
    platform: 'browser',
    format: 'iife',
    globalName: 'PriceDataClient',
    external: ['ws'],
    outfile: resolve(ROOT, 'dist/client/price-data-client.js'),
  }),
]);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', resolve(HERE, 'tsconfig.build.json')], { stdio: 'inherit' });
