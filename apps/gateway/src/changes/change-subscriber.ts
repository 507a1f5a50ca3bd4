import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { REDIS_COMMAND, REDIS_SUBSCRIBER, type RedisClient, RedisKeys } from '@pds/redis';
import { GatewayEnvironment } from '../gateway.environment';

export type ChannelHandler = (message: string) => void;
export type Unsubscribe = () => void;

/**
 * The gateway process's one Redis subscriber. A channel is subscribed while at least one local
 * handler needs it and released after the last one leaves. ioredis resubscribes by itself after a
 * reconnect; `onResubscribed` lets consumers resend state they may have missed meanwhile.
 */
@Injectable()
export class ChangeSubscriber {
  private readonly handlers = new Map<string, Set<ChannelHandler>>();
  private readonly resubscribedListeners = new Set<() => void>();
  private readonly disconnectedListeners = new Set<() => void>();
  private hasBeenReady = false;
  /** The process's own fence channel (RedisKeys.fenceChannel): `caughtUp`'s and the mirror's seeds'. */
  readonly fenceChannel: string;
  private readonly fenceWaiters = new Map<string, () => void>();
  private fences = 0;
  /**
   * How long `caughtUp` waits for its token at most: half the request's deadline, so a change that
   * was made is never answered 503; past it the key cache's 5 s lifetime still bounds the rest.
   */
  private readonly catchUpBoundMs: number;

  /** The subscriber connection queues while Redis is away, so subscriptions survive outages. */
  constructor(
    @Inject(REDIS_SUBSCRIBER) private readonly redis: RedisClient,
    @Inject(REDIS_COMMAND) private readonly command: RedisClient,
    keys: RedisKeys,
    env: GatewayEnvironment,
  ) {
    this.catchUpBoundMs = env.REQUEST_DEADLINE_MS / 2;
    this.fenceChannel = keys.fenceChannel(randomUUID());
    this.subscribe(this.fenceChannel, (token) => {
      this.fenceWaiters.get(token)?.();
    });
    this.redis.on('message', (channel: string, message: string) => {
      this.handlers.get(channel)?.forEach((handler) => {
        handler(message);
      });
    });
    // Built once the command connection is ready, this may come after the subscriber's first ready.
    this.hasBeenReady = this.redis.status === 'ready';
    this.redis.on('ready', () => {
      if (this.hasBeenReady) {
        // ioredis renews the subscriptions right after emitting ready: the listeners' own commands
        // (a confirmSubscribed, say) must follow that renewal on the connection, not precede it.
        queueMicrotask(() => {
          this.resubscribedListeners.forEach((listener) => {
            listener();
          });
        });
      }
      this.hasBeenReady = true;
    });
    // From here until `onResubscribed`, messages may be lost.
    this.redis.on('close', () => {
      this.disconnectedListeners.forEach((listener) => {
        listener();
      });
    });
  }

  /** Whether the subscriber connection is up with its subscriptions (readiness, CONTRACT section 8). */
  get isLive(): boolean {
    return this.redis.status === 'ready';
  }

  subscribe(channel: string, handler: ChannelHandler): Unsubscribe {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.redis.subscribe(channel).catch(() => undefined);
    }
    set.add(handler);
    return () => {
      this.release(channel, handler);
    };
  }

  /** Called after the connection came back and every channel was subscribed again. */
  onResubscribed(listener: () => void): Unsubscribe {
    this.resubscribedListeners.add(listener);
    return () => this.resubscribedListeners.delete(listener);
  }

  /** Called when the connection dropped: messages published from now on may never arrive. */
  onDisconnected(listener: () => void): Unsubscribe {
    this.disconnectedListeners.add(listener);
    return () => this.disconnectedListeners.delete(listener);
  }

  /**
   * Resolves once Redis has confirmed `channel` (one this process subscribed) on the current
   * connection. Redis runs a connection's commands in order, so every subscription asked for before,
   * including those ioredis renews after a reconnect, is active by then too.
   */
  async confirmSubscribed(channel: string): Promise<void> {
    await this.redis.subscribe(channel);
  }

  /**
   * Resolves once this process has handled every message published before the call: a token
   * published now on its own channel comes back after them, since Redis delivers a subscriber's
   * messages in the order they were published. At most after `catchUpBoundMs`; at once while the
   * subscriber is away (every listener forgets what it holds when it is back). A writer awaits it
   * before answering, so the replica that made a change (a revocation, a boost) applies it to the
   * next request, whichever connection sends it.
   */
  caughtUp(): Promise<void> {
    if (!this.isLive) return Promise.resolve();
    this.fences += 1;
    // Its own prefix: the mirror's tokens on the same channel are `<series>#<n>`.
    const token = `caught-up#${this.fences}`;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.fenceWaiters.delete(token);
        resolve();
      };
      const timer = setTimeout(done, this.catchUpBoundMs);
      timer.unref();
      this.fenceWaiters.set(token, done);
      this.command.publish(this.fenceChannel, token).catch(done);
    });
  }

  private release(channel: string, handler: ChannelHandler): void {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return;
    this.handlers.delete(channel);
    this.redis.unsubscribe(channel).catch(() => undefined);
  }
}
