import type { StreamCounters } from '../live-stream';

export type MutableCounters = { -readonly [K in keyof StreamCounters]: StreamCounters[K] };

export function zeroCounters(): MutableCounters {
  return {
    framesReceived: 0,
    malformedFrames: 0,
    unexpectedFrames: 0,
    errorReplies: 0,
    duplicatesDropped: 0,
    sequenceGaps: 0,
    reconnects: 0,
    switches: 0,
  };
}
