import { Listeners } from '../listeners';
import type { LiveStream, LiveStreamEvents, StreamCounters } from '../live-stream';
import type { RefusalCounts } from './frame-refusals';

/** What every live stream shares: its listeners by event, which `on` adds to and it emits to. */
export abstract class LiveStreamBase implements LiveStream {
  protected readonly listeners = new Listeners<LiveStreamEvents>();

  on<E extends keyof LiveStreamEvents>(
    event: E,
    listener: (payload: LiveStreamEvents[E]) => void,
  ): () => void {
    return this.listeners.on(event, listener);
  }

  abstract start(): void;
  abstract counters(): StreamCounters;
  abstract refusals(): RefusalCounts;
  abstract close(): Promise<void>;
}
