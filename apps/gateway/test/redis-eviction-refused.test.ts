import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  builtEntryPoint,
  type AppName,
  type RedisServer,
  startRedisServer,
  uniquePrefix,
} from '@pds/testing';

interface Exit {
  readonly code: number | null;
  readonly output: string;
}

/** Runs a built app until it exits by itself (Jest's timeout bounds a start that never ends). */
async function runUntilExit(app: AppName, env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, [builtEntryPoint(app)], {
    env: { ...process.env, PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output: Buffer.concat(chunks).toString() };
}

describe('A Redis that evicts keys', () => {
  let server: RedisServer;

  beforeAll(async () => {
    server = await startRedisServer({ extraArguments: ['--maxmemory-policy', 'allkeys-lru'] });
  });

  afterAll(async () => {
    await server.dispose();
  });

  it.each<AppName>(['gateway', 'ingestor', 'cache'])(
    'should stop the %s at start-up, naming the setting',
    async (app) => {
      const exit = await runUntilExit(app, {
        REDIS_URL: server.url,
        REDIS_PREFIX: uniquePrefix('eviction'),
        // Never reached: the app stops before it connects anywhere else.
        EXCHANGE_WS_URL: 'ws://127.0.0.1:9',
        EXCHANGE_REST_URL: 'http://127.0.0.1:9',
      });
      expect(exit.code).not.toBe(0);
      expect(exit.output).toContain('maxmemory-policy is allkeys-lru');
      expect(exit.output).toContain('Set maxmemory-policy noeviction');
    },
  );
});
