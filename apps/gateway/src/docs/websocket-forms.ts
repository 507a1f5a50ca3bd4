/** What a price operation's WebSocket form pushes after its snapshot, in the operation's own words. */
export interface WebSocketForm {
  readonly snapshot: string;
  readonly pushes: string;
  /** Anything particular to this operation's stream (for example when it ends on its own). */
  readonly more?: string;
}

/**
 * The WebSocket form of a price operation, in words (CONTRACT section 6): OpenAPI 3.0 has no way to
 * describe a WebSocket, so the operation's description carries it. The close codes are the same for
 * the three streams; only the frames differ.
 */
export function describeWebSocketForm(form: WebSocketForm): string {
  return [
    '**WebSocket form.** The same path and query parameters with the `wss` scheme (`ws` without TLS). ' +
      'Browsers send the key as `?apiKey=`; other clients may use either header. Every frame is one JSON text frame.',
    `- First frame, at once: the snapshot, ${form.snapshot}.`,
    `- Then a frame for every change as it happens: ${form.pushes}`,
    ...(form.more === undefined ? [] : [`- ${form.more}`]),
    '- A client that reads too slowly receives the latest value rather than a backlog.',
    '- Close codes: **4400** `VALIDATION_ERROR`, **4401** `UNAUTHORIZED`, **4429** `RATE_LIMIT_EXCEEDED` ' +
      '(more concurrent connections than the key may hold on this operation) — each after one error frame ' +
      '`{"code","message"}` and with the code as the close reason; **1000** the stream has ended; ' +
      '**1001** the replica is shutting down (reconnect at once); **1009** a client frame over 4 KiB; ' +
      '**1013** try again later (no market data or storage away at connection, or a reader more than 30 s behind).',
    '- The server pings every 30 s and drops a peer that misses two pongs; client text frames are ignored.',
  ].join('\n');
}
