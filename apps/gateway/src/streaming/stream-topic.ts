import type { Unsubscribe } from '../storage/change-subscriber';
import type { StreamConnection } from './stream-connection';
import type { StreamFormat } from './stream-format';

/**
 * The local sockets of one stream kind on one Redis channel. Each message is turned into its frame
 * once, as one Buffer, and that same Buffer goes to every socket.
 */
export class StreamTopic {
  readonly connections = new Set<StreamConnection>();
  unsubscribe: Unsubscribe = () => undefined;

  constructor(
    readonly id: string,
    private readonly format: StreamFormat,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The channel handler; an arrow so it is bound once per topic, never per socket. */
  readonly publish = (message: string): void => {
    try {
      const key = this.format.keyOf(message);
      const frame = Buffer.from(this.format.frameOf(message));
      for (const connection of this.connections) connection.push(key, message, frame);
    } catch (error) {
      // A throw here would unwind into the Redis client's event loop.
      this.onError(error);
    }
  };
}
