import type { RedisClient } from '../redis-connection';
import { refuseEviction } from './eviction-policy';

/** A ready single-server client whose CONFIG GET answers with `reply`. */
function serverAnswering(reply: () => Promise<unknown>): RedisClient {
  return { status: 'ready', config: reply } as unknown as RedisClient;
}

describe('refuseEviction', () => {
  it('should refuse the start when the server evicts', async () => {
    const server = serverAnswering(() => Promise.resolve(['maxmemory-policy', 'allkeys-lru']));
    await expect(refuseEviction(server)).rejects.toThrow('Redis maxmemory-policy is allkeys-lru');
  });

  it('should let the start go on when the server keeps every key', async () => {
    const server = serverAnswering(() => Promise.resolve(['maxmemory-policy', 'noeviction']));
    await expect(refuseEviction(server)).resolves.toBeUndefined();
  });

  it('should leave a check that times out to readiness instead of ending the start', async () => {
    // Seen in a whole run: an ingestor exited at start with "Command timed out" from this check.
    const server = serverAnswering(() => Promise.reject(new Error('Command timed out')));
    const unchecked: unknown[] = [];
    await expect(refuseEviction(server, (error) => unchecked.push(error))).resolves.toBeUndefined();
    expect(unchecked).toEqual([new Error('Command timed out')]);
  });
});
