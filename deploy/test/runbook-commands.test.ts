import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { ROOT } from './support/compose-check';
import {
  codeOf,
  composeInvocations,
  type ComposeService,
  settingsNamed,
  stopsReplicasTogether,
  SUBCOMMANDS,
} from './support/runbook-commands';

const run = promisify(execFile);
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
/** What docker-compose needs to render the file at all (docs/production.md, "Compose"). */
const REQUIRED = { REDIS_PASSWORD: 'runbook-check-password-0123456789' };
const ALL_PROFILES = ['--profile', 'observability', '--profile', 'offline'];

interface Service extends ComposeService {
  readonly profiles?: string[];
}

async function renderedCompose(env: Readonly<Record<string, string>> = {}): Promise<string> {
  const { stdout } = await run('docker-compose', ['-f', COMPOSE_FILE, ...ALL_PROFILES, 'config'], {
    env: { ...process.env, ...REQUIRED, ...env },
  });
  return stdout;
}

/**
 * Issue 35: every command of docs/runbook.md works on the compose file as written: the services it
 * names exist (with their profile given), settings are variables the compose file reads (and that
 * change what it renders), Redis is reached through its container, the ingestors are never
 * restarted together, and every section says how to check the fix.
 */
describe('the runbook against the compose file', () => {
  let runbook: string;
  let services: Record<string, Service>;
  let code: string[];

  beforeAll(async () => {
    runbook = await readFile(join(ROOT, 'docs/runbook.md'), 'utf8');
    code = codeOf(runbook);
    services = (parse(await renderedCompose()) as { services: Record<string, Service> }).services;
  });

  it('should name only services, subcommands and profiles the compose file has', () => {
    const invocations = code.flatMap(composeInvocations);
    expect(invocations.length).toBeGreaterThan(40);
    const problems = invocations.flatMap((invocation) => {
      const found: string[] = [];
      if (!SUBCOMMANDS.has(invocation.subcommand)) found.push(`unknown subcommand ${invocation.subcommand}`);
      if (invocation.subcommand === 'exec' && invocation.services.length !== 1)
        found.push('exec without a service');
      for (const name of invocation.services) {
        const service = services[name];
        if (!service) found.push(`no service ${name}`);
        for (const profile of service?.profiles ?? [])
          if (!invocation.profiles.includes(profile)) found.push(`${name} needs --profile ${profile}`);
      }
      return found.map((problem) => `${problem}: ${invocation.source}`);
    });
    expect(problems).toEqual([]);
  });

  it('should run redis-cli only inside the Redis container', () => {
    const bare = code
      .filter((each) => /\bredis-cli\b/.test(each))
      .filter((each) => {
        const execs = composeInvocations(each).filter((invocation) => invocation.command[0] === 'redis-cli');
        return execs.length === 0 || execs.some((invocation) => invocation.services[0] !== 'redis');
      });
    expect(bare).toEqual([]);
  });

  it('should never restart both ingestors in one command', () => {
    const together = code
      .flatMap(composeInvocations)
      .filter((invocation) => invocation.subcommand === 'restart')
      .filter((invocation) => invocation.services.filter((name) => name.startsWith('ingestor-')).length > 1);
    expect(together).toEqual([]);
  });

  it('should stop, re-create or restart at most one replica a command (issue 53)', () => {
    const together = code.flatMap(composeInvocations).flatMap((invocation) => {
      const problem = stopsReplicasTogether(invocation, services);
      return problem ? [`${problem}: ${invocation.source}`] : [];
    });
    expect(together).toEqual([]);
  });

  it('should tell a command that would re-create several replicas at once from one that would not', () => {
    const judged = (command: string) =>
      composeInvocations(command).map((invocation) => stopsReplicasTogether(invocation, services) ?? 'ok');
    expect(judged('docker-compose up -d')).toEqual(['names no service: acts on every replica at once']);
    expect(judged('docker-compose up -d --no-deps gateway-1 gateway-2')).toEqual([
      'names 2 replicas in one command',
    ]);
    expect(judged('docker-compose restart ingestor-1 ingestor-2')).toEqual([
      'names 2 replicas in one command',
    ]);
    expect(judged('docker-compose up -d nginx')).toEqual([
      'up without --no-deps re-creates what nginx depends on',
    ]);
    expect(judged('docker-compose up -d gateway-1')).toEqual([
      'up without --no-deps re-creates what gateway-1 depends on',
    ]);
    expect(
      judged(
        'docker-compose up -d --no-deps gateway-1 && docker-compose restart cache-2 && docker-compose up -d redis',
      ),
    ).toEqual(['ok', 'ok', 'ok']);
  });

  it('should change settings only through variables the compose file reads, each changing what it renders', async () => {
    const settings = new Map(code.flatMap(settingsNamed));
    expect([...settings.keys()]).toEqual(
      expect.arrayContaining(['RETENTION_KLINES', 'REDIS_MAXMEMORY', 'PDS_IMAGE_TAG']),
    );
    const composeText = await readFile(COMPOSE_FILE, 'utf8');
    const baseline = await renderedCompose();
    const ineffective: string[] = [];
    for (const [name, value] of settings) {
      if (!composeText.includes(`\${${name}`)) ineffective.push(`${name}: not read by docker-compose.yml`);
      else if ((await renderedCompose({ [name]: value })) === baseline)
        ineffective.push(`${name}=${value}: renders nothing new`);
    }
    expect(ineffective).toEqual([]);
  });

  it('should end every section with how to check the fix', () => {
    const sections = runbook.split(/^### /m).slice(1);
    expect(sections.length).toBeGreaterThan(25);
    const unchecked = sections
      .filter((section) => !/\*\*Check\*\*:/.test(section))
      .map((section) => section.split('\n')[0]);
    expect(unchecked).toEqual([]);
  });
});
