import { type AppName, type RedisServer, runUntilExit, startRedisServer, uniquePrefix } from '@pds/testing';

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
