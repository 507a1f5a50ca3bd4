import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { NGINX, type NginxMode, PLAIN, renderNginxConfig } from './support/nginx';
import { selfSignedCertificate } from './support/tls';

const execute = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
/** Compose refuses to interpolate the file without it: the bundled Redis has no default password. */
const COMPOSE_ENV = { ...process.env, REDIS_PASSWORD: 'compose-check-password-0123456789' };
const run = (command: string, args: string[]) => execute(command, args, { env: COMPOSE_ENV });

describe('deployment configuration', () => {
  it('should be accepted by docker-compose config, with the offline profile too', async () => {
    for (const args of [
      ['config', '-q'],
      ['--profile', 'offline', 'config', '-q'],
    ]) {
      await expect(
        run('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), ...args]),
      ).resolves.toBeDefined();
    }
  });

  it('should list three gateways, two ingestors, two cache workers and the offline simulators, with Redis on an append-only file', async () => {
    const { stdout } = await run('docker-compose', [
      '-f',
      join(ROOT, 'docker-compose.yml'),
      'config',
      '--services',
    ]);
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(
      [
        'alertmanager',
        'blackbox-exporter',
        'cache-1',
        'cache-2',
        'exchange-sim',
        'exchange-sim-kraken',
        'gateway-1',
        'gateway-2',
        'gateway-3',
        'grafana',
        'ingestor-1',
        'ingestor-2',
        'nginx',
        'nginx-exporter',
        'prometheus',
        'redis',
        'redis-exporter',
      ].sort(),
    );
    const { stdout: config } = await run('docker-compose', [
      '-f',
      join(ROOT, 'docker-compose.yml'),
      'config',
    ]);
    expect(config).toContain('--appendonly');
  });

  it("should refuse to interpolate without REDIS_PASSWORD, and put it in every app's REDIS_URL", async () => {
    const withoutPassword = { ...process.env };
    delete withoutPassword.REDIS_PASSWORD;
    await expect(
      execute('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
        env: withoutPassword,
      }),
    ).rejects.toThrow(/REDIS_PASSWORD must be set/);
    const { stdout: config } = await run('docker-compose', [
      '-f',
      join(ROOT, 'docker-compose.yml'),
      'config',
    ]);
    const urls = config.match(/REDIS_URL: .*/g) ?? [];
    expect(urls).toHaveLength(7);
    for (const url of urls) {
      expect(url).toBe(`REDIS_URL: redis://:${COMPOSE_ENV.REDIS_PASSWORD}@redis:6379`);
    }
  });

  it('should pass nginx -t with the load balancer configuration, in the TLS and the plain-HTTP mode', async () => {
    // The compose upstream names resolve only inside the compose network, so the check uses the
    // same files with loopback replicas, as the local multi-replica setup does.
    const certificate = await selfSignedCertificate();
    const modes: NginxMode[] = [{ kind: 'tls', httpsPort: 8443, tlsFolder: certificate.folder }, PLAIN];
    try {
      for (const mode of modes) {
        const { folder, config } = await renderNginxConfig([3001, 3002], 8080, mode);
        try {
          const { stderr } = await run(NGINX, ['-t', '-p', folder, '-c', config]);
          expect(stderr).toContain('syntax is ok');
          expect(stderr).toContain('test is successful');
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      }
    } finally {
      await certificate.remove();
    }
  });
});
