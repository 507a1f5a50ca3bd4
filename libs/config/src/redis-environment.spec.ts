import { InvalidEnvironmentError, loadEnvironment } from './load-environment';
import { RedisEnvironment } from './redis-environment';

function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    loadEnvironment(RedisEnvironment, env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.message;
    throw error;
  }
  return '';
}

describe('RedisEnvironment topologies', () => {
  it('defaults to one server at REDIS_URL', () => {
    const env = loadEnvironment(RedisEnvironment, {});
    expect(env).toMatchObject({ REDIS_TOPOLOGY: 'single', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it('accepts a cluster with seed nodes and a sentinel group with its sentinels', () => {
    expect(
      loadEnvironment(RedisEnvironment, {
        REDIS_TOPOLOGY: 'cluster',
        REDIS_CLUSTER_NODES: 'a:7000,10.0.0.2:7001',
      }),
    ).toMatchObject({ REDIS_TOPOLOGY: 'cluster', REDIS_CLUSTER_NODES: 'a:7000,10.0.0.2:7001' });
    expect(
      loadEnvironment(RedisEnvironment, {
        REDIS_TOPOLOGY: 'sentinel',
        REDIS_SENTINELS: 's1:26379,s2:26379',
        REDIS_SENTINEL_NAME: 'pds',
        REDIS_TLS: 'true',
      }),
    ).toMatchObject({ REDIS_TOPOLOGY: 'sentinel', REDIS_SENTINEL_NAME: 'pds', REDIS_TLS: true });
  });

  it('refuses an unknown topology', () => {
    expect(problemsOf({ REDIS_TOPOLOGY: 'replicas' })).toContain(
      'REDIS_TOPOLOGY must be one of single, sentinel, cluster',
    );
  });

  it('refuses a cluster without seed nodes, or with nodes that are not host:port', () => {
    expect(problemsOf({ REDIS_TOPOLOGY: 'cluster' })).toContain(
      'REDIS_CLUSTER_NODES must list host:port pairs',
    );
    expect(problemsOf({ REDIS_TOPOLOGY: 'cluster', REDIS_CLUSTER_NODES: 'a:7000;b' })).toContain(
      'REDIS_CLUSTER_NODES',
    );
  });

  it('refuses a sentinel topology without sentinels or master group name, naming both', () => {
    const problems = problemsOf({ REDIS_TOPOLOGY: 'sentinel' });
    expect(problems).toContain('REDIS_SENTINELS must list host:port pairs');
    expect(problems).toContain('REDIS_SENTINEL_NAME (the master group name) is required');
  });

  it('never shows the password in a configuration error', () => {
    const problems = problemsOf({ REDIS_TOPOLOGY: 'cluster', REDIS_PASSWORD: 's3cret-value' });
    expect(problems).toContain('REDIS_CLUSTER_NODES');
    expect(problems).not.toContain('s3cret-value');
  });
});
