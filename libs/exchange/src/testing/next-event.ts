import type { LiveStream, LiveStreamEvents } from '../live-stream';

/** The next `event` of `stream` whose payload `match`es, for specs that wait on a live stream. */
export function nextEvent<E extends keyof LiveStreamEvents>(
  stream: LiveStream,
  event: E,
  match: (payload: LiveStreamEvents[E]) => boolean = () => true,
): Promise<LiveStreamEvents[E]> {
  return new Promise((resolve) => {
    const off = stream.on(event, (payload) => {
      if (!match(payload)) return;
      off();
      resolve(payload);
    });
  });
}
