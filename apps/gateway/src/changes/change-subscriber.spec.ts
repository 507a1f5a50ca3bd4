import { EventEmitter } from 'node:events';
import { RedisKeys, type RedisClient } from '@pds/redis';
import type { GatewayEnvironment } from '../gateway.environment';
import { ChangeSubscriber } from './change-subscriber';

const REQUEST_DEADLINE_MS = 800;

/** The two connections as far as ChangeSubscriber uses them; what is published is delivered by hand. */
class FakeConnections {
  readonly subscriber = Object.assign(new EventEmitter(), {
    status: 'ready',
    subscribe: jest.fn(() => Promise.resolve(1)),
    unsubscribe: jest.fn(() => Promise.resolve(0)),
  });
  readonly published: [string, string][] = [];
  readonly command = {
    publish: jest.fn((channel: string, message: string) => {
      this.published.push([channel, message]);
      return Promise.resolve(1);
    }),
  };

  /** Delivers the published messages, in order, to the subscriber. */
  deliver(): void {
    for (const [channel, message] of this.published.splice(0))
      this.subscriber.emit('message', channel, message);
  }
}

function changeSubscriber(connections: FakeConnections): ChangeSubscriber {
  return new ChangeSubscriber(
    connections.subscriber as unknown as RedisClient,
    connections.command as unknown as RedisClient,
    new RedisKeys('spec'),
    { REQUEST_DEADLINE_MS } as GatewayEnvironment,
  );
}

describe('ChangeSubscriber after a reconnect', () => {
  it('should tell its listeners of the first reconnect when built after the subscriber was ready', async () => {
    const connections = new FakeConnections();
    const changes = changeSubscriber(connections);
    const resubscribed = new Promise<void>((resolve) => {
      changes.onResubscribed(resolve);
    });
    connections.subscriber.emit('ready');
    await expect(resubscribed).resolves.toBeUndefined();
  });

  it('should run its listeners after what ioredis does right after ready (renewing the subscriptions)', async () => {
    const connections = new FakeConnections();
    const changes = changeSubscriber(connections);
    const order: string[] = [];
    const resubscribed = new Promise<void>((resolve) => {
      changes.onResubscribed(() => {
        order.push('listener');
        resolve();
      });
    });
    connections.subscriber.emit('ready');
    order.push('ioredis renews the subscriptions');
    await resubscribed;
    expect(order).toEqual(['ioredis renews the subscriptions', 'listener']);
  });
});

describe('ChangeSubscriber.caughtUp', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('should resolve only once the messages published before it have reached their handlers', async () => {
    const connections = new FakeConnections();
    const changes = changeSubscriber(connections);
    const seen: string[] = [];
    changes.subscribe('spec:api-key-changes', (message) => seen.push(message));
    connections.published.push(['spec:api-key-changes', 'key-hash']);

    let settled = false;
    const caughtUp = changes.caughtUp().then(() => {
      settled = true;
      return seen.slice();
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    connections.deliver();
    await expect(caughtUp).resolves.toEqual(['key-hash']);
  });

  it('should resolve after half the request deadline when its token never comes back', async () => {
    jest.useFakeTimers();
    const changes = changeSubscriber(new FakeConnections());
    let settled = false;
    const caughtUp = changes.caughtUp().then(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(REQUEST_DEADLINE_MS / 2 - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await caughtUp;
    expect(settled).toBe(true);
  });

  it('should resolve at once while the subscriber is away (it forgets every key when back)', async () => {
    const connections = new FakeConnections();
    connections.subscriber.status = 'reconnecting';
    await expect(changeSubscriber(connections).caughtUp()).resolves.toBeUndefined();
    expect(connections.command.publish).not.toHaveBeenCalled();
  });

  it('should resolve at once when the token cannot be published', async () => {
    const connections = new FakeConnections();
    connections.command.publish.mockRejectedValueOnce(new Error('Redis is away'));
    await expect(changeSubscriber(connections).caughtUp()).resolves.toBeUndefined();
  });
});
