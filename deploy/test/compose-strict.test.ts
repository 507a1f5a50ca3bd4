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
});
