export type MalformedKind = 'invalid-json' | 'unknown-event' | 'binary';
