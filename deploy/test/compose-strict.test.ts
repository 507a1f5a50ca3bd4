import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeProblems, parseComposeStrictly, ROOT } from './support/compose-check';

const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

/**
 * Issue 27: the shipped compose file as every Compose reads it. `docker-compose config` (the Python
 * v1 of deploy-config.test.ts) keeps the last of two equal keys without a word; Compose v2 refuses
 * the file. This parses it as strictly and validates it against the Compose Specification's schema.
 */
describe('docker-compose.yml, read strictly', () => {
  const shipped = readFileSync(COMPOSE_FILE, 'utf8');

  it('should have no duplicate key and match the Compose Specification schema', () => {
    expect(composeProblems(shipped)).toEqual([]);
  });

  it('should refuse a file with a key given twice, as Compose v2 does', () => {
    const twice = shipped.replace(
      /^(\s+)PUBLIC_BASE_URL: (.*)$/m,
      (line, indent: string) => `${line}\n${indent}PUBLIC_BASE_URL: http://localhost:8080`,
    );
    expect(twice).not.toBe(shipped);
    expect(composeProblems(twice).join('\n')).toMatch(/duplicated mapping key/);
  });

  it('should refuse what the schema does not allow, such as an unknown service field', () => {
    const unknownField = shipped.replace(/^ {2}redis:\n/m, '  redis:\n    restart_policy: always\n');
    expect(unknownField).not.toBe(shipped);
    expect(composeProblems(unknownField).join('\n')).toMatch(/\/services\/redis .*additional properties/);
  });

  it('should give every app the bundled Redis with the required password in REDIS_URL', () => {
    const compose = parseComposeStrictly(shipped) as {
      'x-app': { environment: Record<string, string> };
      services: { redis: { environment: Record<string, string> } };
    };
    const required = /^\$\{REDIS_PASSWORD:\?[^}]+\}$/;
    expect(compose['x-app'].environment.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@/);
    expect(compose['x-app'].environment.REDIS_PASSWORD).toMatch(required);
    expect(compose.services.redis.environment.REDIS_PASSWORD).toMatch(required);
  });

  describe('operations (issue 35)', () => {
    interface Service {
      readonly image?: string;
      readonly profiles?: string[];
      readonly logging?: { driver?: string; options?: Record<string, string> };
      readonly healthcheck?: { test?: string[] };
      readonly depends_on?: Record<string, { condition?: string }> | string[];
      readonly command?: string[];
      readonly entrypoint?: string[];
      readonly environment?: Record<string, string>;
    }
    const services = (): Record<string, Service> =>
      (parseComposeStrictly(shipped) as { services: Record<string, Service> }).services;
    /** Images without a shell or HTTP client: Prometheus' `up` is their health check. */
    const NO_HEALTH_CHECK_POSSIBLE = ['nginx-exporter'];

    it('should rotate the logs of every service', () => {
      const unrotated = Object.entries(services()).filter(
        ([, service]) =>
          service.logging?.driver !== 'json-file' ||
          !service.logging.options?.['max-size'] ||
          !service.logging.options['max-file'],
      );
      expect(unrotated.map(([name]) => name)).toEqual([]);
    });

    it('should give every long-running service a health check', () => {
      const unchecked = Object.entries(services())
        .filter(([name]) => !NO_HEALTH_CHECK_POSSIBLE.includes(name))
        .filter(([, service]) => (service.healthcheck?.test ?? []).length === 0);
      expect(unchecked.map(([name]) => name)).toEqual([]);
    });

    it('should start nginx once the gateways are healthy', () => {
      const dependsOn = services().nginx?.depends_on as Record<string, { condition?: string }>;
      expect(dependsOn).toEqual({
        'gateway-1': { condition: 'service_healthy' },
        'gateway-2': { condition: 'service_healthy' },
        'gateway-3': { condition: 'service_healthy' },
      });
    });

    it('should keep Prometheus data by size as well as by time', () => {
      const command = services().prometheus?.command?.join(' ') ?? '';
      expect(command).toMatch(/--storage\.tsdb\.retention\.time=\$\{PROMETHEUS_RETENTION_TIME:-\w+\}/);
      expect(command).toMatch(/--storage\.tsdb\.retention\.size=\$\{PROMETHEUS_RETENTION_SIZE:-\w+\}/);
    });

    it('should never start Grafana with a default admin password', () => {
      const grafana = services().grafana;
      expect(grafana?.environment?.GF_SECURITY_ADMIN_PASSWORD).toBe('${GRAFANA_ADMIN_PASSWORD:-}');
      // Without the password the entrypoint never reaches Grafana's own start (/run.sh).
      expect(grafana?.entrypoint?.join(' ')).toMatch(
        /if \[ -z "\$\$GF_SECURITY_ADMIN_PASSWORD" \]; then .*exec sleep \d+; fi; exec \/run\.sh$/s,
      );
    });

    it('should name the app image by a tag variable, so a release can be rolled back', () => {
      const appImages = Object.values(services())
        .filter((service) => service.command?.join(' ').startsWith('node dist/libs/launch/src/launch.js '))
        .map((service) => service.image);
      expect(appImages.length).toBeGreaterThan(7);
      expect(new Set(appImages)).toEqual(new Set(['price-data-service:${PDS_IMAGE_TAG:-latest}']));
    });
  });
});
