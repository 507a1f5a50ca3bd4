/** Why a value or a frame was refused: the `reason` label of `pds_exchange_frames_refused_total`. */
export const REFUSAL_REASONS = [
  'malformed', // not readable: bad JSON, a missing or mistyped field, a handler that threw
  'oversize', // a message over MAX_MESSAGE_BYTES (1 MiB)
  'number-length', // a number with more than 40 digits
  'not-positive', // a price or quantity not above zero, a volume below zero
  'time-ahead', // an event time more than 60 s ahead of the service's own clock
  'time-before-history', // an event time before the exchange's history starts
  'ohlc', // a kline whose high is below its open, close or low, or whose low is above them
  'trade-count', // a kline's trade count that is not a non-negative integer
  'off-grid', // a live kline whose open time is not on its interval's UTC grid
  'closed-early', // a kline sent as closed before its close time by the service's clock
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];
