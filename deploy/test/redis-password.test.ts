import { generateRedisPassword, startRedisServer, startSentinelGroup } from '@pds/testing';
import { Redis } from 'ioredis';
import { once } from 'node:events';
import { createConnection } from 'node:net';

/** The first reply line of a PING sent with no password, in Redis's own protocol over a plain socket. */
async function anonymousPing(port: number): Promise<string> {
  const socket = createConnection({ port, host: '127.0.0.1' });
  try {
    socket.write('PING\r\n');
    const [reply] = (await once(socket, 'data')) as [Buffer];
    return reply.toString('utf8').split('\r\n')[0] ?? '';
  } finally {
    socket.destroy();
  }
}

/** Refused without the password, answered with it: what the suites that use these servers rely on. */
async function asksForPassword(port: number, password: string): Promise<void> {
  expect(await anonymousPing(port)).toMatch(/^-NOAUTH/);
  const authenticated = new Redis({ port, host: '127.0.0.1', password });
  try {
    await expect(authenticated.ping()).resolves.toBe('PONG');
  } finally {
    authenticated.disconnect();
  }
}

/**
 * Issue 27: the private Redis servers of the fault, Sentinel and load-balancer suites ask for a
 * password, as the compose file's Redis does, so those suites prove the apps work with one.
 */
describe('password-protected test Redis', () => {
  it('should refuse a private redis-server to a client without its password', async () => {
    const password = generateRedisPassword();
    const server = await startRedisServer({ password });
    try {
      expect(server.url).toBe(`redis://:${password}@127.0.0.1:${server.port}`);
      await asksForPassword(server.port, password);
    } finally {
      await server.dispose();
    }
  });

  it('should refuse the Sentinel group and its master to a client without the password', async () => {
    const group = await startSentinelGroup();
    try {
      const password = group.target.env.REDIS_PASSWORD ?? '';
      expect(password).not.toBe('');
      expect(group.target.env.REDIS_SENTINEL_PASSWORD).toBe(password);
      await asksForPassword(await group.masterPort(), password);
      const [firstSentinel] = (group.target.env.REDIS_SENTINELS ?? '').split(',');
      await asksForPassword(Number(firstSentinel?.split(':')[1]), password);
    } finally {
      await group.dispose();
    }
  });
});
