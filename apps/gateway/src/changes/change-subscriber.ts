import { Inject, Injectable } from '@nestjs/common';
import { REDIS_SUBSCRIBER, type RedisClient } from '@pds/redis';

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

  /** The subscriber connection queues while Redis is away, so subscriptions survive outages. */
  constructor(@Inject(REDIS_SUBSCRIBER) private readonly redis: RedisClient) {
    this.redis.on('message', (channel: string, message: string) => {
      this.handlers.get(channel)?.forEach((handler) => {
        handler(message);
      });
    });
    this.redis.on('ready', () => {
      if (this.hasBeenReady)
        this.resubscribedListeners.forEach((listener) => {
          listener();
        });
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

  private release(channel: string, handler: ChannelHandler): void {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return;
    this.handlers.delete(channel);
    this.redis.unsubscribe(channel).catch(() => undefined);
  }
}
