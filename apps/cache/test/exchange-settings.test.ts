import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { builtEntryPoint } from '@pds/testing';

jest.setTimeout(60_000);

/** Starts the built cache worker with `env` and resolves with its exit code and what it printed. */
async function startAndExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [builtEntryPoint('cache')], {
    env: { PATH: process.env.PATH ?? '', REDIS_PREFIX: 'cache-settings-test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  child.stdout.resume();
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('cache: a bad exchange setting stops the worker at start with one line', () => {
  it.each([
    ['an unknown exchange', { EXCHANGE: 'bitstamp' }, 'EXCHANGE="bitstamp" is not an exchange'],
    [
      'the primary listed as a standby',
      { EXCHANGE_STANDBYS: 'kraken,binance' },
      'EXCHANGE_STANDBYS lists binance, the primary',
    ],
    ['EXCHANGE=kraken', { EXCHANGE: 'kraken' }, 'only the latest 720 klines'],
    [
      'a malformed URL',
      { BINANCE_REST_URL: 'data-api.binance.vision' },
      'BINANCE_REST_URL="data-api.binance.vision" is not a http',
    ],
  ])('should exit 78 naming %s', async (_case, env, naming) => {
    const { code, stderr } = await startAndExit(env);
    expect(code).toBe(78);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variables: /);
    expect(lines[0]).toContain(naming);
  });
});
