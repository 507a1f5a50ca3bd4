import { Injectable } from '@nestjs/common';
import { JsonLogger } from '@pds/observability';
import { RedisKeys } from '@pds/redis';
import { ChangeSubscriber } from '../storage/change-subscriber';
import type { StreamConnection } from './stream-connection';
import { formatOf } from './stream-format';
import { channelOf, type StreamRequest } from './stream-request';
import { StreamTopic } from './stream-topic';

/**
 * Fans Redis pub/sub out to the sockets of this process (ARCHITECTURE, gateway). Through the one
 * ChangeSubscriber a channel is subscribed while a local socket needs it and released after the last
 * one leaves; each message is serialised once per topic.
 */
@Injectable()
export class FanOutService {
  private readonly topics = new Map<string, StreamTopic>();
  private readonly topicOf = new Map<StreamConnection, StreamTopic>();

  constructor(
    private readonly changes: ChangeSubscriber,
    private readonly keys: RedisKeys,
    private readonly logger: JsonLogger,
  ) {}

  get channelCount(): number {
    return this.topics.size;
  }

  join(connection: StreamConnection, request: StreamRequest): void {
    const channel = channelOf(request, this.keys);
    const id = `${request.kind}|${channel}`;
    let topic = this.topics.get(id);
    if (!topic) {
      topic = new StreamTopic(id, formatOf(request.kind), (error) => {
        this.logger.event('error', 'ws-fan-out-failed', { error: String(error) });
      });
      this.topics.set(id, topic);
      topic.unsubscribe = this.changes.subscribe(channel, topic.publish);
    }
    topic.connections.add(connection);
    this.topicOf.set(connection, topic);
  }

  leave(connection: StreamConnection): void {
    const topic = this.topicOf.get(connection);
    if (!topic) return;
    this.topicOf.delete(connection);
    topic.connections.delete(connection);
    if (topic.connections.size > 0) return;
    this.topics.delete(topic.id);
    topic.unsubscribe();
  }

  /** Every socket that follows a stream. */
  connections(): StreamConnection[] {
    return [...this.topicOf.keys()];
  }
}
