import { WebSocket, type ClientOptions } from 'ws';

export interface CloseInfo {
  readonly code: number;
  readonly reason: string;
}

type Frame = Record<string, unknown>;

/**
 * A real `ws` client that keeps every frame (parsed JSON) and lets a test await the next frames,
 * the close, or a pong, each with a bounded wait.
 */
export class StreamClient {
  readonly socket: WebSocket;
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  readonly closed: Promise<CloseInfo>;
  closeInfo: CloseInfo | undefined;
  private cursor = 0;
  private readonly waiters = new Set<() => void>();

  constructor(url: string, options: ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    this.socket.on('error', () => undefined);
    this.socket.on('message', (data: Buffer) => {
      this.raw.push(data.toString());
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code: number, reason: Buffer) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.wake();
      });
    });
  }

  /** The first frame from the cursor on that matches; the cursor moves past it. */
  async take(
    match: (frame: Frame) => boolean = () => true,
    what = 'a frame',
    timeoutMs = 15_000,
  ): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++] as Frame;
        if (match(frame)) return frame;
      }
      if (this.closeInfo) throw new Error(`closed (${this.closeInfo.code}) while waiting for ${what}`);
      if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}`);
      await this.wait(deadline - Date.now());
    }
  }

  /** Waits for the next frame or the close, at most `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  async closedWithin(timeoutMs = 15_000): Promise<CloseInfo> {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => {
        reject(new Error('timed out waiting for the close'));
      }, timeoutMs).unref();
    });
    return Promise.race([this.closed, timeout]);
  }

  /** A ping and its pong: every frame the server sent before the pong has arrived by then. */
  async roundTrip(timeoutMs = 5_000): Promise<void> {
    const pong = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('no pong'));
      }, timeoutMs);
      this.socket.once('pong', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.socket.ping();
    await pong;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close(1000);
    await this.closedWithin();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Opens a stream and resolves with its first frame (the snapshot, or an error frame). */
export async function connect(
  url: string,
  options: ClientOptions = {},
): Promise<{ client: StreamClient; first: Frame }> {
  const client = new StreamClient(url, options);
  const first = await client.take(() => true, 'the first frame');
  return { client, first };
}

export function wsUrl(httpUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, httpUrl.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

type LogEntry = Record<string, unknown>;

/** The next log line of `app` that matches, not counting the matching lines it already printed. */
export function nextLog(
  app: {
    readonly output: string[];
    waitForLog(match: (entry: LogEntry) => boolean, timeoutMs?: number): Promise<LogEntry>;
  },
  match: (entry: LogEntry) => boolean,
  timeoutMs?: number,
): Promise<LogEntry> {
  const already = app.output.filter((line) => {
    try {
      return match(JSON.parse(line) as LogEntry);
    } catch {
      return false;
    }
  }).length;
  let seen = 0;
  return app.waitForLog((entry) => match(entry) && ++seen > already, timeoutMs);
}
