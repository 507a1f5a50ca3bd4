import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { runRestBench } from './rest.bench';
import { round, table } from './statistics';

function numberFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}

function machine(): Record<string, string | number> {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
  };
}

/** `npm run bench`: every scenario against its baseline in this run; tables on stdout, JSON on disk. */
async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const rest = await runRestBench({
    rounds: numberFromEnv('BENCH_ROUNDS', 3),
    durationSeconds: numberFromEnv('BENCH_DURATION_S', 5),
    connections: numberFromEnv('BENCH_CONNECTIONS', 50),
    keyPoolSize: numberFromEnv('BENCH_KEY_POOL', 100),
  });
  const restTable = [
    ['path', 'target', 'req/s (median)', 'p50 ms', 'p99 ms', 'non-2xx', 'ratio'],
    ...rest.map((row) => {
      const baseline = rest.find((other) => other.path === row.path && other.target === 'bare-fastify');
      const ratio = baseline ? round(row.requestsPerSecond / baseline.requestsPerSecond) : '';
      return [row.path, row.target, row.requestsPerSecond, row.p50Ms, row.p99Ms, row.non2xx, ratio];
    }),
  ];
  process.stdout.write(
    `\nREST (${numberFromEnv('BENCH_CONNECTIONS', 50)} connections)\n${table(restTable)}\n`,
  );
  const folder = resolve(__dirname, '../../bench/results');
  await mkdir(folder, { recursive: true });
  const report = { startedAt, machine: machine(), rest };
  await writeFile(join(folder, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nMachine: ${JSON.stringify(machine())}\nResults: bench/results/latest.json\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
