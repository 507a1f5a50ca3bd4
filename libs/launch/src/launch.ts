import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { APPS, isAppName } from './apps';
import { runBundle } from './code-cache';

/** After this, what start-up compiled is in the cache (a start takes about a second, 20 s at worst seen). */
const WRITE_AFTER_MS = 30_000;

/** CODE_CACHE_DIR, empty for none; unset, a folder of this user's in the system's temporary folder. */
function cacheFolder(): string | undefined {
  const setting = process.env.CODE_CACHE_DIR;
  if (setting === undefined) return join(tmpdir(), `pds-code-cache-${process.getuid?.() ?? 'user'}`);
  return setting === '' ? undefined : setting;
}

/**
 * `node dist/libs/launch/src/launch.js <app>`: starts the app from its bundle,
 * dist/apps/<app>/bundle.js, with a V8 code cache (see runBundle).
 */
function main(): void {
  const app = process.argv[2] ?? '';
  if (!isAppName(app)) {
    const error = `unknown app "${app}"; one of ${APPS.join(', ')}`;
    process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'launch-failed', error })}\n`);
    process.exit(64);
  }
  const bundle = resolve(__dirname, '../../../apps', app, 'bundle.js');
  // The app sees itself as the main script, as when it is run directly.
  process.argv.splice(1, 2, bundle);
  runBundle(bundle, { folder: cacheFolder(), writeAfterMs: WRITE_AFTER_MS });
}

main();
