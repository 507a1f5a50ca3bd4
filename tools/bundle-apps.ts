import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { APPS } from '@pds/launch';
import { build, type OnResolveArgs, type OnResolveResult, type Plugin } from 'esbuild';

/**
 * `node dist/tools/bundle-apps.js` (the last step of `npm run build`): bundles each app into one
 * file, dist/apps/<app>/bundle.js, from its built entry point (swc's output, which keeps the
 * decorator metadata that esbuild cannot emit), so that a start reads one file instead of some
 * 1,700 and libs/launch can keep a V8 code cache of it.
 */
const DIST = resolve(__dirname, '..');

/**
 * Loaded from node_modules at run time, not bundled: native addons, and packages that read their
 * own files from beside them (Swagger UI's assets, the chart library the pages serve).
 */
const EXTERNAL = [
  '@node-rs/argon2',
  'bufferutil',
  'utf-8-validate',
  'msgpackr-extract',
  'swagger-ui-dist',
  'lightweight-charts',
];

/** A package that is not installed stays a require: dependencies require some only when present (Nest's other platforms). */
function resolveOptional({ path, importer }: OnResolveArgs): OnResolveResult | undefined {
  if (path.startsWith('node:')) return undefined;
  try {
    createRequire(importer || __filename).resolve(path);
    return undefined;
  } catch {
    return { path, external: true };
  }
}

const optionalPackages: Plugin = {
  name: 'optional-packages',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, resolveOptional);
  },
};

/**
 * Every character outside ASCII written as `\uXXXX`, which means the same in a string, a regular
 * expression, an identifier or a comment: esbuild leaves them in regular expressions and comments,
 * and one such character makes V8 hold the whole 10 MB source at two bytes a character.
 */
function asAscii(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

async function bundleApp(app: string): Promise<void> {
  const { outputFiles } = await build({
    entryPoints: [resolve(DIST, 'apps', app, 'src/main.js')],
    outfile: resolve(DIST, 'apps', app, 'bundle.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Class and function names stay as written: the OpenAPI schemas, Nest's tokens and logs use them.
    keepNames: true,
    sourcemap: true,
    external: EXTERNAL,
    plugins: [optionalPackages],
    // The ES-module @nestjs packages find optional peers with createRequire(import.meta.url).
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: 'warning',
    write: false,
  });
  await Promise.all(
    outputFiles.map((file) =>
      writeFile(file.path, file.path.endsWith('.js') ? asAscii(file.text) : file.text),
    ),
  );
}

void Promise.all(APPS.map(bundleApp)).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
