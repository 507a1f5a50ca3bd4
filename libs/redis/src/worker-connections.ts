import { Inject, Injectable, type OnApplicationShutdown, type Provider, type Type } from '@nestjs/common';
import type { RedisEnvironment } from '@pds/config';
import { closeRedis, createPersistentRedis, createRedis, type RedisClient } from './redis-connection';

/** The injection tokens of a worker app's two connections. */
export interface WorkerRedisTokens {
  /** Commands (stores, leases, budgets): fails fast while Redis is away. */
  readonly command: symbol;
  /** BullMQ's connection: offline queue on, no per-command retry limit or timeout, as BullMQ requires. */
  readonly queue: symbol;
}

export interface WorkerRedisDefinition<Env extends RedisEnvironment> {
  readonly environment: Type<Env>;
  readonly tokens: WorkerRedisTokens;
  /** Names the connections `<role>:<id>` and `<role>-queue:<id>` in CLIENT LIST. */
  readonly role: string;
  readonly id: (env: Env) => string;
}

function closerOf(tokens: WorkerRedisTokens): Type<OnApplicationShutdown> {
  @Injectable()
  class WorkerRedisCloser implements OnApplicationShutdown {
    constructor(
      @Inject(tokens.command) private readonly redis: RedisClient,
      @Inject(tokens.queue) private readonly queueRedis: RedisClient,
    ) {}

    async onApplicationShutdown(): Promise<void> {
      await Promise.all([this.redis, this.queueRedis].map(closeRedis));
    }
  }
  return WorkerRedisCloser;
}

/** A worker app's command and BullMQ connections, both closed when the app shuts down. */
export function workerRedisProviders<Env extends RedisEnvironment>(
  definition: WorkerRedisDefinition<Env>,
): Provider[] {
  const { environment, tokens, role, id } = definition;
  return [
    {
      provide: tokens.command,
      inject: [environment],
      useFactory: (env: Env) => createRedis(env, { connectionName: `${role}:${id(env)}` }),
    },
    {
      provide: tokens.queue,
      inject: [environment],
      useFactory: (env: Env) => createPersistentRedis(env, `${role}-queue:${id(env)}`),
    },
    closerOf(tokens),
  ];
}
