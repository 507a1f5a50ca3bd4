import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import type { RedisEnvironment } from '@pds/config';

/**
 * A connection to the configured topology: one `Redis` for a single server or a Sentinel-watched
 * master, a `Cluster` for Redis Cluster. Every key a multi-key command, MULTI or Lua script touches
 * shares one hash tag (see RedisKeys), so the same code runs on either.
 */
export type RedisClient = Redis | Cluster;

export interface RedisConnectionOptions {
  /** Name shown by CLIENT LIST, to tell the connections of each app and role apart. */
  readonly connectionName: string;
  /**
   * Queue commands while disconnected (BullMQ and subscribers want this). Off for request paths:
   * a command then fails at once while Redis is away, and the caller answers 503 instead of waiting.
   */
  readonly offlineQueue?: boolean;
  /** For BullMQ, which requires `null` here. */
  readonly maxRetriesPerRequest?: number | null;
  readonly commandTimeout?: boolean;
  /** Connect on the first command instead of at once (a connection an app may never use). */
  readonly lazyConnect?: boolean;
}

/** Reconnect forever with capped, jittered exponential backoff. */
export function reconnectDelayMs(attempt: number): number {
  const ceiling = Math.min(2000, 50 * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** `host:port,host:port` (validated by RedisEnvironment) as ioredis node addresses. */
export function parseHostPorts(list: string): { host: string; port: number }[] {
  return list.split(',').map((pair) => {
    const separator = pair.lastIndexOf(':');
    return { host: pair.slice(0, separator), port: Number(pair.slice(separator + 1)) };
  });
}

/** Options of each server connection, whatever the topology. */
function serverOptions(env: RedisEnvironment, options: RedisConnectionOptions): RedisOptions {
  return {
    connectionName: options.connectionName,
    // Unset and empty (as docker-compose passes an unset variable) both mean none.
    username: env.REDIS_USERNAME || undefined,
    password: env.REDIS_PASSWORD || undefined,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    commandTimeout: options.commandTimeout === false ? undefined : env.REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
  };
}

export function redisOptions(env: RedisEnvironment, options: RedisConnectionOptions): RedisOptions {
  const base: RedisOptions = {
    ...serverOptions(env, options),
    enableOfflineQueue: options.offlineQueue ?? false,
    // A fail-fast connection is usable as soon as it connects: while Redis loads its data set its
    // commands get LOADING (a 503 that names the cause) instead of "not connected".
    enableReadyCheck: options.offlineQueue ?? false,
    lazyConnect: options.lazyConnect ?? false,
    retryStrategy: reconnectDelayMs,
    enableAutoPipelining: true,
  };
  if (env.REDIS_TOPOLOGY !== 'sentinel') return base;
  return {
    ...base,
    sentinels: parseHostPorts(env.REDIS_SENTINELS ?? ''),
    name: env.REDIS_SENTINEL_NAME,
    sentinelPassword: env.REDIS_SENTINEL_PASSWORD || undefined,
    sentinelRetryStrategy: reconnectDelayMs,
    tls: env.REDIS_TLS ? {} : undefined,
  };
}

export function clusterOptions(env: RedisEnvironment, options: RedisConnectionOptions): ClusterOptions {
  return {
    // The node connections keep ioredis' own offline queue and reconnect policy; the Cluster's
    // offline queue decides whether a command waits while the cluster is not ready.
    redisOptions: { ...serverOptions(env, options), tls: env.REDIS_TLS ? {} : undefined },
    enableOfflineQueue: options.offlineQueue ?? false,
    lazyConnect: options.lazyConnect ?? false,
    clusterRetryStrategy: reconnectDelayMs,
    enableAutoPipelining: true,
    // Reads see the writes just made (the gateway reads what the ingestor wrote a moment ago).
    scaleReads: 'master',
  };
}

export function createRedis(env: RedisEnvironment, options: RedisConnectionOptions): RedisClient {
  const client =
    env.REDIS_TOPOLOGY === 'cluster'
      ? new Cluster(parseHostPorts(env.REDIS_CLUSTER_NODES ?? ''), clusterOptions(env, options))
      : env.REDIS_TOPOLOGY === 'sentinel'
        ? new Redis(redisOptions(env, options))
        : new Redis(env.REDIS_URL, redisOptions(env, options));
  // Errors surface on the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

/**
 * A long-lived connection for BullMQ (blocking commands) and pub/sub subscribers: it queues commands
 * while Redis is away, retries them forever, and never times a command out.
 */
export function createPersistentRedis(
  env: RedisEnvironment,
  connectionName: string,
  lazyConnect = false,
): RedisClient {
  return createRedis(env, {
    connectionName,
    lazyConnect,
    offlineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: false,
  });
}

/**
 * Resolves once `client` is connected and ready, or after `timeoutMs`: a server that starts while
 * Redis is away still starts (and answers 503 until Redis is back), but one that starts with Redis
 * up does not answer its first requests before the connection is ready. Connection errors on the
 * way do not end the wait: a Cluster reports a node it could not reach yet and then becomes ready.
 */
export async function untilReady(client: RedisClient, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  const controller = new AbortController();
  await Promise.race([
    once(client, 'ready', { signal: controller.signal }),
    delay(timeoutMs, undefined, { signal: controller.signal }),
  ]).catch(() => undefined);
  controller.abort();
}

/** A QUIT that Redis does not answer in this time gives way to dropping the socket. */
const QUIT_DEADLINE_MS = 2000;

/**
 * Closes politely (QUIT) when Redis answers, and drops the socket when it does not: while Redis is
 * away a QUIT would wait in an offline queue forever and hold the shutdown.
 */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.status === 'ready') {
    const controller = new AbortController();
    await Promise.race([
      client.quit().catch(() => undefined),
      delay(QUIT_DEADLINE_MS, undefined, { signal: controller.signal }).catch(() => undefined),
    ]);
    controller.abort();
  }
  client.disconnect();
}

/**
 * The servers that hold keys: each master of a Cluster, or the one server. SCAN, KEYS and the like
 * see only the server they run on, so a scan over every key runs on each of these.
 */
export function keyHolders(client: RedisClient): Redis[] {
  return client instanceof Cluster ? client.nodes('master') : [client];
}

/** Where the connections of `env` go, for messages to people: never with a password. */
export function describeRedis(env: RedisEnvironment): string {
  if (env.REDIS_TOPOLOGY === 'cluster') return `the Redis Cluster at ${env.REDIS_CLUSTER_NODES ?? ''}`;
  if (env.REDIS_TOPOLOGY === 'sentinel') {
    return `the Redis master ${env.REDIS_SENTINEL_NAME ?? ''} of the sentinels ${env.REDIS_SENTINELS ?? ''}`;
  }
  const url = new URL(env.REDIS_URL);
  url.password = '';
  return `the Redis at ${url.toString()}`;
}
