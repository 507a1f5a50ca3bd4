/** One `docker-compose …` invocation found in the runbook, split into shell words. */
export interface ComposeInvocation {
  /** The code it was found in, for messages. */
  readonly source: string;
  /** `VAR=value` words before `docker-compose`. */
  readonly env: Readonly<Record<string, string>>;
  readonly profiles: readonly string[];
  readonly subcommand: string;
  /** The services it names (for `exec`, the one it runs in). */
  readonly services: readonly string[];
  /** The subcommand's options (`-d`, `--no-deps`), without their values. */
  readonly options: readonly string[];
  /** For `exec`: the command run in the container. */
  readonly command: readonly string[];
}

/** Options of docker-compose's subcommands that take a value (the next word). */
const OPTIONS_WITH_VALUE = new Set([
  '--tail',
  '-t',
  '--timeout',
  '-u',
  '--user',
  '-e',
  '--env',
  '-w',
  '--workdir',
]);
/** The subcommands the runbook may use; `exec` runs a command, the others name services. */
export const SUBCOMMANDS = new Set([
  'exec',
  'restart',
  'up',
  'ps',
  'logs',
  'stop',
  'start',
  'config',
  'build',
  'pull',
  'top',
]);
const SEPARATORS = new Set([';', '&&', '||', '|', ')']);

/** The code of a Markdown text: fenced blocks line by line, and inline code spans. */
export function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^\s*```\w*\n([\s\S]*?)^\s*```/gm)].flatMap(([, body]) =>
    (body ?? '').split('\n').map((line) => line.trim()),
  );
  const withoutFences = markdown.replace(/^\s*```\w*\n[\s\S]*?^\s*```/gm, '');
  const inline = [...withoutFences.replace(/\n/g, ' ').matchAll(/`([^`]+)`/g)].map(([, code]) => code ?? '');
  return [...fenced, ...inline].filter((code) => code.length > 0);
}

/** Shell words, quotes removed, with `;`, `&&`, `|`, `$(` and `)` as words of their own. */
export function shellWords(code: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  const flush = (): void => {
    if (word) words.push(word);
    word = '';
  };
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index] ?? '';
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") quote = char;
    else if (/\s/.test(char)) flush();
    else if (char === ';' || char === '|' || char === ')' || (char === '&' && code[index + 1] === '&')) {
      flush();
      const double = (char === '&' || char === '|') && code[index + 1] === char;
      words.push(double ? char + char : char);
      if (double) index += 1;
    } else if (char === '$' && code[index + 1] === '(') {
      flush();
      index += 1;
    } else word += char;
  }
  flush();
  return words;
}

function envBefore(words: readonly string[], at: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (let index = at - 1; index >= 0; index -= 1) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(words[index] ?? '');
    if (!match) break;
    env[match[1] ?? ''] = match[2] ?? '';
  }
  return env;
}

function invocationAt(source: string, words: readonly string[], at: number): ComposeInvocation {
  const profiles: string[] = [];
  let index = at + 1;
  while (words[index]?.startsWith('-')) {
    if (words[index] === '--profile') profiles.push(words[index + 1] ?? '');
    index += words[index] === '--profile' || words[index] === '-f' ? 2 : 1;
  }
  const subcommand = words[index] ?? '';
  const rest: string[] = [];
  for (index += 1; index < words.length && !SEPARATORS.has(words[index] ?? ''); index += 1)
    rest.push(words[index] ?? '');
  const operands: string[] = [];
  const options: string[] = [];
  for (let each = 0; each < rest.length; each += 1) {
    const word = rest[each] ?? '';
    if (subcommand === 'exec' && operands.length === 1) {
      operands.push(...rest.slice(each));
      break;
    }
    if (word.startsWith('-')) {
      options.push(word);
      each += OPTIONS_WITH_VALUE.has(word) ? 1 : 0;
    } else operands.push(word);
  }
  const services = subcommand === 'exec' ? operands.slice(0, 1) : operands;
  const command = subcommand === 'exec' ? operands.slice(1) : [];
  return { source, env: envBefore(words, at), profiles, subcommand, services, options, command };
}

/** Every `docker-compose` invocation in `code` (a shell line or an inline code span). */
export function composeInvocations(code: string): ComposeInvocation[] {
  const words = shellWords(code);
  return words.flatMap((word, at) => (word === 'docker-compose' ? [invocationAt(code, words, at)] : []));
}

/** `VAR=value` settings named in code: the variables an operator is told to set. */
export function settingsNamed(code: string): [string, string][] {
  return shellWords(code).flatMap((word) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.+)$/.exec(word);
    return match ? [[match[1] ?? '', match[2] ?? ''] as [string, string]] : [];
  });
}

/** A compose service as `docker-compose config` renders it: what it waits for. */
export interface ComposeService {
  readonly depends_on?: Readonly<Record<string, unknown>> | readonly string[];
}

/** Replicas are the numbered services of one app (`gateway-1`, `ingestor-2`). */
export function isReplica(name: string): boolean {
  return /-\d+$/.test(name);
}

function dependencies(service: ComposeService | undefined): string[] {
  const dependsOn = service?.depends_on;
  if (!dependsOn) return [];
  return Array.isArray(dependsOn) ? [...(dependsOn as string[])] : Object.keys(dependsOn);
}

/** Subcommands that stop the containers they act on, re-creating or restarting them. */
const STOPPING = new Set(['up', 'restart', 'stop']);

/**
 * Why `invocation` would stop several replicas at once (undefined when it would not): no service
 * named (all of them), more than one replica named, or an `up` without `--no-deps` of a service
 * that depends on others (compose re-creates those too when their settings changed: nginx its
 * gateways, every app Redis).
 */
export function stopsReplicasTogether(
  invocation: ComposeInvocation,
  services: Readonly<Record<string, ComposeService>>,
): string | undefined {
  if (!STOPPING.has(invocation.subcommand)) return undefined;
  if (invocation.services.length === 0) return 'names no service: acts on every replica at once';
  const replicas = invocation.services.filter(isReplica);
  if (replicas.length > 1) return `names ${replicas.length} replicas in one command`;
  const withDependencies = invocation.services.filter((name) => dependencies(services[name]).length > 0);
  if (
    invocation.subcommand === 'up' &&
    !invocation.options.includes('--no-deps') &&
    withDependencies.length > 0
  )
    return `up without --no-deps re-creates what ${withDependencies.join(', ')} depends on`;
  return undefined;
}
