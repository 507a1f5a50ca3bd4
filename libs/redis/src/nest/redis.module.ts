import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type { RedisEnvironment } from '@pds/config';
import type { AppLogger } from '@pds/observability';
import { logAvailability } from '../health/availability-log';
import { FixedWindowCounter } from '../counters/fixed-window-counter';
import { RedisKeys } from '../redis-keys';
import {
  closeRedis,
  createPersistentRedis,
  createRedis,
  type RedisClient,
  untilReady,
} from '../redis-connection';
import { refuseEviction } from '../health/eviction-policy';
import { RedisScripts } from '../scripts/redis-scripts';
import { REDIS_COMMAND, REDIS_QUEUE, REDIS_SUBSCRIBER, type RedisConnectionRole } from '../redis.tokens';

export interface RedisModuleOptions {
  /** Names the connections `<name>`, `<name>-subscriber`, `<name>-queue` in CLIENT LIST. */
  readonly connectionName: string;
  /** The connections this app uses besides the command one. */
  readonly extraConnections: readonly Exclude<RedisConnectionRole, 'command'>[];
  /**
   * Start-up waits this long for the command connection, so a new replica does not answer 503
   * first and the eviction policy can be checked (default 2 s).
   */
  readonly readyWaitMs?: number;

  /** Outages of the command connection and their ends are logged here, once each. */
  readonly logger?: AppLogger;
}

const DEFAULT_READY_WAIT_MS = 2000;

const TOKENS: Readonly<Record<RedisConnectionRole, symbol>> = {
  command: REDIS_COMMAND,
  subscriber: REDIS_SUBSCRIBER,
  queue: REDIS_QUEUE,
};

const OPENED = Symbol('REDIS_OPENED_CONNECTIONS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(OPENED) private readonly opened: { readonly clients: RedisClient[] }) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.opened.clients.map(closeRedis));
  }
}

function connectionProviders(env: RedisEnvironment, options: RedisModuleOptions): Provider[] {
  const opened = { clients: [] as RedisClient[] };
  const track = (client: RedisClient): RedisClient => {
    opened.clients.push(client);
    return client;
  };
  const name = options.connectionName;
  const persistent = (role: Exclude<RedisConnectionRole, 'command'>): Provider => ({
    provide: TOKENS[role],
    // BullMQ connects the queue connection on its first command: an app that never queues holds none.
    useFactory: () => track(createPersistentRedis(env, `${name}-${role}`, role === 'queue')),
  });
  return [
    { provide: OPENED, useValue: opened },
    {
      provide: REDIS_COMMAND,
      useFactory: async () => {
        const client = track(createRedis(env, { connectionName: name }));
        if (options.logger) logAvailability(client, name, options.logger);
        await untilReady(client, options.readyWaitMs ?? DEFAULT_READY_WAIT_MS);
        // An app that starts while Redis is away cannot check; its readiness reports the policy.
        await refuseEviction(client, (error) => {
          options.logger?.warn({ connection: name, error: String(error) }, 'eviction-check-deferred');
        });
        return client;
      },
    },
    ...options.extraConnections.map(persistent),
  ];
}

/**
 * Every Redis connection of an app, the key builder, the script binder and the shared
 * fixed-window counter, in one place. Global,
 * as connections are infrastructure every store uses, and so that Nest closes them after every
 * module that uses them has shut down (global modules come last on shutdown).
 */
@Module({})
export class RedisModule {
  static forRoot(env: RedisEnvironment, options: RedisModuleOptions): DynamicModule {
    const connections = [REDIS_COMMAND, ...options.extraConnections.map((role) => TOKENS[role])];
    return {
      module: RedisModule,
      global: true,
      providers: [
        ...connectionProviders(env, options),
        { provide: RedisKeys, useValue: new RedisKeys(env.REDIS_PREFIX) },
        RedisScripts,
        FixedWindowCounter,
        RedisCloser,
      ],
      exports: [...connections, RedisKeys, RedisScripts, FixedWindowCounter],
    };
  }
}
