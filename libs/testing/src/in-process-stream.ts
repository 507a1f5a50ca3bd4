import { EventEmitter } from 'node:events';
import type { MarketSymbol } from '@pds/market';
import type WebSocket from 'ws';
import type { LiveStreamTuning, StreamWireFormat } from '@pds/exchange';
import { ExchangeLiveStream } from '@pds/exchange/standalone';

/** A socket that is open at once and delivers what the test hands it, with no network in between. */
class InProcessSocket extends EventEmitter {
  readyState = 1; // WebSocket.OPEN
  readonly sent: string[] = [];

  send(message: string): void {
    this.sent.push(message);
  }

  close(): void {
    this.readyState = 3;
  }

  terminate(): void {
    this.readyState = 3;
  }
}

const TUNING: LiveStreamTuning = {
  silenceMs: 600_000,
  maxConnectionAgeMs: 3_600_000,
  reconnectInitialMs: 600_000,
  reconnectMaxMs: 600_000,
  healthyAfterMs: 60_000,
  connectionsPer5Minutes: 300,
};

export interface InProcessStream {
  readonly stream: ExchangeLiveStream;
  /** One text frame as the exchange would send it; runs every handler synchronously. */
  deliver(text: string): void;
  close(): Promise<void>;
}

/**
 * The stream engine with one exchange's wire format, fed frames in-process: for tests that push
 * thousands of (hostile) frames through the real decoder and engine at a unit test's pace.
 */
export function inProcessStream(
  wireFormat: StreamWireFormat,
  options: {
    readonly symbol?: MarketSymbol;
    readonly historyStartMs?: number;
    /** The service's clock the stream bounds times by (`serviceNow` unless given). */
    readonly now?: () => number;
  } = {},
): InProcessStream {
  const sockets: InProcessSocket[] = [];
  const stream = new ExchangeLiveStream({
    ...TUNING,
    wsBaseUrl: 'ws://in-process',
    symbol: options.symbol ?? 'btcusdt',
    wireFormat,
    historyStartMs: options.historyStartMs,
    now: options.now,
    createSocket: () => {
      const socket = new InProcessSocket();
      sockets.push(socket);
      queueMicrotask(() => socket.emit('open'));
      return socket as unknown as WebSocket;
    },
  });
  stream.start();
  return {
    stream,
    // To every open connection, as the exchange's servers do while two overlap.
    deliver: (text) => {
      const data = Buffer.from(text);
      for (const socket of sockets) if (socket.readyState === 1) socket.emit('message', data, false);
    },
    close: () => stream.close(),
  };
}
