import { loadEnvironment, RedisEnvironment } from '@pds/config';
import { Cluster, Redis } from 'ioredis';
import { clusterOptions, createRedis, describeRedis, parseHostPorts, redisOptions } from './redis-connection';

const request = { connectionName: 'spec' };

describe('Redis connections by topology', () => {
  it('reads host:port lists', () => {
    expect(parseHostPorts('10.0.0.1:7000,redis-b:7001')).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b', port: 7001 },
    ]);
  });

  it('treats an empty password or user (an unset compose variable) as none', () => {
    const env = loadEnvironment(RedisEnvironment, { REDIS_PASSWORD: '', REDIS_USERNAME: '' });
    const options = redisOptions(env, request);
    expect(options.password).toBeUndefined();
    expect(options.username).toBeUndefined();
  });

  it('asks the sentinels for the named master group', () => {
    const env = loadEnvironment(RedisEnvironment, {
      REDIS_TOPOLOGY: 'sentinel',
      REDIS_SENTINELS: 's1:26379,s2:26380',
      REDIS_SENTINEL_NAME: 'pds-master',
      REDIS_PASSWORD: 'pw',
    });
    expect(redisOptions(env, request)).toMatchObject({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
      ],
      name: 'pds-master',
      password: 'pw',
      enableAutoPipelining: true,
    });
  });

  it('reads and writes on the masters of a cluster, with the server options on every node', () => {
    const env = loadEnvironment(RedisEnvironment, {
      REDIS_TOPOLOGY: 'cluster',
      REDIS_CLUSTER_NODES: '127.0.0.1:7000',
      REDIS_COMMAND_TIMEOUT_MS: '300',
    });
    expect(clusterOptions(env, request)).toMatchObject({
      scaleReads: 'master',
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      redisOptions: { connectionName: 'spec', commandTimeout: 300 },
    });
  });

  it('builds a Cluster client for the cluster topology and a Redis client otherwise', () => {
    const cluster = createRedis(
      loadEnvironment(RedisEnvironment, { REDIS_TOPOLOGY: 'cluster', REDIS_CLUSTER_NODES: '127.0.0.1:1' }),
      request,
    );
    const single = createRedis(
      loadEnvironment(RedisEnvironment, { REDIS_URL: 'redis://127.0.0.1:1' }),
      request,
    );
    try {
      expect(cluster).toBeInstanceOf(Cluster);
      expect(single).toBeInstanceOf(Redis);
    } finally {
      cluster.disconnect();
      single.disconnect();
    }
  });

  it('names where it connects without the password', () => {
    const single = loadEnvironment(RedisEnvironment, { REDIS_URL: 'redis://app:s3cret@redis.internal:6380' });
    expect(describeRedis(single)).toBe('the Redis at redis://app@redis.internal:6380');
    const cluster = loadEnvironment(RedisEnvironment, {
      REDIS_TOPOLOGY: 'cluster',
      REDIS_CLUSTER_NODES: 'a:7000',
    });
    expect(describeRedis(cluster)).toBe('the Redis Cluster at a:7000');
  });
});
