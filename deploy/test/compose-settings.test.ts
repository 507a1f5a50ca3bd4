import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { CacheEnvironment } from '../../apps/cache/src/cache.environment';
import { GatewayEnvironment } from '../../apps/gateway/src/gateway.environment';
import { IngestorEnvironment } from '../../apps/ingestor/src/ingestor.environment';
import { settingsOf } from '../../tools/test/environment-settings';
import { ROOT } from './support/compose-check';

const run = promisify(execFile);
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
/** What docker-compose needs to render the file at all (docs/production.md, "Compose"). */
const REQUIRED = { REDIS_PASSWORD: 'settings-check-password-0123456789' };
/**
 * Settings compose leaves to each process on purpose: one id for two replicas would make them one,
 * and the gateways' listening address is the compose network's.
 */
const PER_PROCESS = new Set(['INGESTOR_ID', 'CACHE_WORKER_ID', 'HOST']);
/**
 * Settings for tests only, which production never sets: the service's clock moved with a simulator
 * run ahead of real time (libs/exchange/src/service-clock.ts).
 */
const TEST_ONLY = new Set(['SERVICE_CLOCK_OFFSET_MS']);

type Environment = Readonly<Record<string, string | null>>;

async function renderedEnvironments(
  env: Readonly<Record<string, string>> = {},
  args: readonly string[] = [],
): Promise<Record<string, Environment>> {
  const { stdout } = await run('docker-compose', [...args, '-f', COMPOSE_FILE, 'config'], {
    env: { ...process.env, ...REQUIRED, ...env },
  });
  const { services } = parse(stdout) as { services: Record<string, { environment?: Environment }> };
  return Object.fromEntries(
    Object.entries(services).map(([name, service]) => [name, service.environment ?? {}]),
  );
}

/** A Markdown file's headings, without their `#`s. */
async function headingsOf(file: string): Promise<string[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^#{1,4} (.+)$/gm)].map(([, heading]) => heading ?? '');
}

/**
 * Issue 53: every setting an app reads reaches it from the shell or an env file, and the shipped
 * files' comments send a reader to sections that exist.
 */
describe('docker-compose.yml passing settings to the apps', () => {
  it('should name every setting of the gateway, the ingestor and the cache worker in their services', async () => {
    const environments = await renderedEnvironments();
    const apps = [
      { service: 'gateway-1', settings: settingsOf(GatewayEnvironment) },
      { service: 'ingestor-1', settings: settingsOf(IngestorEnvironment) },
      { service: 'cache-1', settings: settingsOf(CacheEnvironment) },
    ];
    const missing = apps.flatMap(({ service, settings }) =>
      settings
        .filter(
          (name) =>
            !PER_PROCESS.has(name) && !TEST_ONLY.has(name) && !(name in (environments[service] ?? {})),
        )
        .map((name) => `${service}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("should hand a value of the shell to every replica, and leave the app's default when unset", async () => {
    const unset = await renderedEnvironments();
    expect(unset['gateway-1']?.RATE_LIMIT_PER_MINUTE).toBeNull();
    const set = await renderedEnvironments({ RATE_LIMIT_PER_MINUTE: '100' });
    for (const gateway of ['gateway-1', 'gateway-2', 'gateway-3'])
      expect(set[gateway]?.RATE_LIMIT_PER_MINUTE).toBe('100');
  });

  it('should hand the values of an env file to the apps', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pds-compose-env-'));
    try {
      const file = join(folder, 'production.env');
      await writeFile(file, 'STREAM_SILENCE_MS=45000\nWARM_UP_KLINES=500\nLOG_LEVEL=warn\n');
      const environments = await renderedEnvironments({}, ['--env-file', file]);
      expect(environments['ingestor-2']).toMatchObject({ STREAM_SILENCE_MS: '45000', LOG_LEVEL: 'warn' });
      expect(environments['cache-2']).toMatchObject({ WARM_UP_KLINES: '500', LOG_LEVEL: 'warn' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('should point its comments, the TLS script and nginx to sections of the docs that exist', async () => {
    const files = ['docker-compose.yml', 'deploy/tls/self-signed.sh', 'deploy/nginx/nginx.conf'];
    const references = (
      await Promise.all(
        files.map(async (file) => {
          const text = (await readFile(join(ROOT, file), 'utf8')).replace(/\n#\s*/g, ' ');
          // `docs/x.md, "Section"`, or unquoted up to a closing parenthesis (compose's messages).
          const pattern = /(docs\/[\w-]+\.md|README(?:\.md)?),? (?:"([^"]+)"|([A-Z][\w ]*)\))/g;
          return [...text.matchAll(pattern)].map(([, document, quoted, bare]) => ({
            file,
            document: document ?? '',
            section: quoted ?? bare ?? '',
          }));
        }),
      )
    ).flat();
    expect(references.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const { file, document, section } of references) {
      const headings = await headingsOf(document.startsWith('README') ? 'README.md' : document);
      if (!headings.some((heading) => heading.toLowerCase().startsWith(section.toLowerCase())))
        broken.push(`${file}: ${document}, "${section}"`);
    }
    expect(broken).toEqual([]);
  });
});
