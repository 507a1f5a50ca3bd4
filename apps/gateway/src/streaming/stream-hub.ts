import { Injectable } from '@nestjs/common';
import { AppLogger } from '@pds/observability';
import { RedisKeys, splitSource } from '@pds/redis';
import { ChangeSubscriber, type Unsubscribe } from '../changes/change-subscriber';
import { nextArrival, textFrame, type TopicUpdate, UpdateBatch } from './frames';
import { channelOf, formatOf, type StreamFormat, type StreamRequest } from './stream-request';
import type { StreamSocket } from './stream-socket';
import { WsMetrics } from './ws-metrics';

/** Messages framed and written together at most: bounds a burst's garbage and each socket's write. */
const MAX_BATCH = 32;

/**
 * The local sockets of one stream kind on one Redis channel. Messages are queued as they arrive and
 * flushed once per event-loop turn (setImmediate, after the I/O that brought them), or as soon as
 * MAX_BATCH are queued: each message is framed once, and each socket gets one write per flush, however
 * many messages it holds. A gateway that falls behind therefore catches up with fewer, larger writes
 * instead of one per message and socket.
 */
export class StreamTopic {
  readonly connections = new Set<StreamSocket>();
  unsubscribe: Unsubscribe = () => undefined;
  private queued: TopicUpdate[] = [];
  /** When the oldest queued message arrived (performance.now()), for the fan-out lag. */
  private firstQueuedAt = 0;

  constructor(
    readonly id: string,
    private readonly format: StreamFormat,
    private readonly onError: (error: unknown) => void,
    private readonly onFlushed: (waitedSeconds: number) => void = () => undefined,
  ) {}

  /** The channel handler; an arrow so it is bound once per topic, never per socket. */
  readonly publish = (record: string): void => {
    try {
      // Stored values carry their exchange (for X-Price-Source); frames carry the value alone.
      const message = splitSource(record).json;
      const wire = textFrame(this.format.frameOf(message));
      this.queued.push({ arrival: nextArrival(), key: this.format.keyOf(message), message, wire });
      if (this.queued.length === 1) {
        this.firstQueuedAt = performance.now();
        setImmediate(this.flush);
      } else if (this.queued.length >= MAX_BATCH) this.flush();
    } catch (error) {
      // A throw here would unwind into the Redis client's event loop.
      this.onError(error);
    }
  };

  private readonly flush = (): void => {
    if (this.queued.length === 0) return;
    const batch = new UpdateBatch(this.queued);
    this.queued = [];
    try {
      for (const connection of this.connections) connection.push(batch);
      this.onFlushed((performance.now() - this.firstQueuedAt) / 1000);
    } catch (error) {
      this.onError(error);
    }
  };
}

/**
 * The hub: fans Redis pub/sub out to the sockets of this process (ARCHITECTURE.md, gateway). Through
 * the one ChangeSubscriber a channel is subscribed while a local socket needs it and released after
 * the last one leaves; each message is encoded into its WebSocket frame once per topic and the
 * frames are written to every socket of the topic.
 */
@Injectable()
export class StreamHub {
  private readonly topics = new Map<string, StreamTopic>();
  private readonly topicOf = new Map<StreamSocket, StreamTopic>();

  constructor(
    private readonly changes: ChangeSubscriber,
    private readonly keys: RedisKeys,
    private readonly logger: AppLogger,
    private readonly metrics: WsMetrics,
  ) {}

  get channelCount(): number {
    return this.topics.size;
  }

  join(connection: StreamSocket, request: StreamRequest): void {
    const channel = channelOf(request, this.keys);
    const id = `${request.kind}|${channel}`;
    let topic = this.topics.get(id);
    if (!topic) {
      topic = new StreamTopic(
        id,
        formatOf(request.kind),
        (error) => {
          this.logger.error({ error: String(error) }, 'ws-fan-out-failed');
        },
        (waitedSeconds) => {
          this.metrics.observeFanOut(waitedSeconds);
        },
      );
      this.topics.set(id, topic);
      topic.unsubscribe = this.changes.subscribe(channel, topic.publish);
    }
    topic.connections.add(connection);
    this.topicOf.set(connection, topic);
  }

  leave(connection: StreamSocket): void {
    const topic = this.topicOf.get(connection);
    if (!topic) return;
    this.topicOf.delete(connection);
    topic.connections.delete(connection);
    if (topic.connections.size > 0) return;
    this.topics.delete(topic.id);
    topic.unsubscribe();
  }

  /** Every socket that follows a stream. */
  connections(): StreamSocket[] {
    return [...this.topicOf.keys()];
  }
}
