import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis, type RedisOptions } from 'ioredis';
import type { RedisEnvironment } from '@pds/config';

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
}

/** Reconnect forever with capped, jittered exponential backoff. */
export function reconnectDelayMs(attempt: number): number {
  const ceiling = Math.min(2000, 50 * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

export function redisOptions(env: RedisEnvironment, options: RedisConnectionOptions): RedisOptions {
  return {
    connectionName: options.connectionName,
    username: env.REDIS_USERNAME,
    enableOfflineQueue: options.offlineQueue ?? false,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    commandTimeout: options.commandTimeout === false ? undefined : env.REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: reconnectDelayMs,
    enableAutoPipelining: true,
  };
}

export function createRedis(env: RedisEnvironment, options: RedisConnectionOptions): Redis {
  const client = new Redis(env.REDIS_URL, redisOptions(env, options));
  // Errors surface on the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

/**
 * A long-lived connection for BullMQ (blocking commands) and pub/sub subscribers: it queues commands
 * while Redis is away, retries them forever, and never times a command out.
 */
export function createPersistentRedis(env: RedisEnvironment, connectionName: string): Redis {
  return createRedis(env, {
    connectionName,
    offlineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: false,
  });
}

/**
 * Resolves once `client` is connected and ready, or after its first connection error or
 * `timeoutMs`, whichever comes first: a server that starts while Redis is away still starts (and
 * answers 503 until Redis is back), but one that starts with Redis up does not answer its first
 * requests before the connection is ready.
 */
export async function untilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  const controller = new AbortController();
  await Promise.race([
    once(client, 'ready', { signal: controller.signal }),
    once(client, 'error', { signal: controller.signal }),
    delay(timeoutMs, undefined, { signal: controller.signal }),
  ]).catch(() => undefined);
  controller.abort();
}

/** Closes politely (QUIT) when Redis answers, and drops the socket when it does not. */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => {
    client.disconnect();
  });
}
