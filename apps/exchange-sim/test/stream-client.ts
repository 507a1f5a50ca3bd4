import { once } from 'node:events';
import WebSocket, { type ClientOptions, type RawData } from 'ws';

export type Frame = Record<string, unknown>;

/** A pending `next`: offered every frame; cancelled when the socket closes. */
interface Waiter {
  take(text: string, frame: Frame | undefined): void;
  cancel(code: number): void;
}

/**
 * A WebSocket client for the tests: keeps every text frame, and resolves `next(match)` with the first
 * frame that matches, already received or yet to come, so tests await events instead of sleeping.
 */
export class StreamClient {
  readonly frames: Frame[] = [];
  readonly rawFrames: string[] = [];
  private readonly waiters = new Set<Waiter>();
  /** The close code, once the socket has closed. */
  private closeCode?: number;

  private constructor(readonly socket: WebSocket) {
    socket.on('close', (code: number) => {
      this.closeCode = code;
      // A waiter left behind (the loser of a race) must not keep its timer running after the test.
      for (const waiter of this.waiters) waiter.cancel(code);
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const text = isBinary ? `<binary ${rawLength(data)}>` : rawText(data);
      this.rawFrames.push(text);
      const frame = parse(text);
      if (frame) this.frames.push(frame);
      for (const waiter of this.waiters) waiter.take(text, frame);
    });
  }

  static async open(url: string, options?: ClientOptions): Promise<StreamClient> {
    const socket = new WebSocket(url, options);
    const client = new StreamClient(socket);
    await once(socket, 'open');
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first JSON object frame that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs = 15_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return this.wait((_, frame) => (frame && match(frame) ? frame : undefined), timeoutMs);
  }

  /** The first frame, as text, that matches (for frames that are not JSON). */
  nextRaw(match: (text: string) => boolean, timeoutMs = 15_000): Promise<string> {
    const seen = this.rawFrames.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return this.wait((text) => (match(text) ? text : undefined), timeoutMs);
  }

  private wait<T>(
    pick: (text: string, frame: Frame | undefined) => T | undefined,
    timeoutMs: number,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const end = (): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      const timer = setTimeout(() => {
        end();
        reject(
          new Error(`no matching frame in ${timeoutMs} ms; got ${this.rawFrames.slice(-5).join(' | ')}`),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        take: (text, frame) => {
          const picked = pick(text, frame);
          if (picked === undefined) return;
          end();
          resolve(picked);
        },
        cancel: (code) => {
          end();
          reject(new Error(`closed (${code}) before a matching frame`));
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** Resolves with the close code once the socket is closed (at once if it already is). */
  async closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return this.closeCode ?? -1;
    const [code] = (await once(this.socket, 'close')) as [number];
    return code;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const done = once(this.socket, 'close');
    this.socket.terminate();
    await done;
  }
}

function parse(text: string): Frame | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Frame)
      : undefined;
  } catch {
    return undefined;
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/** The payload of a frame: the `data` of a combined envelope, or the frame itself on a raw stream. */
export function payload(frame: Frame): Frame {
  return typeof frame.data === 'object' && frame.data !== null && 'stream' in frame
    ? (frame.data as Frame)
    : frame;
}

export async function postJson(base: string, path: string, body?: unknown): Promise<Frame> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Frame;
}
