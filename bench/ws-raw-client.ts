import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { clientControlFrame, ControlOpcode, FrameReader } from './ws-frame-reader';

/** RFC 6455 section 1.3: the server proves the handshake with SHA-1(key + this), base64. */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface RawClientHandlers {
  /** A message's payload is `chunk[start, end)`; `receivedAt` is when its chunk was read (epoch ms). */
  onMessage(chunk: Buffer, start: number, end: number, receivedAt: number): void;
  /** The connection ended: the server's close code, or 1006 when the socket went without one. */
  onEnd(code: number): void;
}

/**
 * A benchmark client: the WebSocket handshake over `node:http`, then the server's frames read in
 * place from the TCP socket (FrameReader); pings are answered, nothing else is sent.
 */
export class RawWebSocketClient {
  private ended = false;
  /** When the chunk being read arrived: every frame in it arrived then. */
  private readAt = 0;

  private constructor(
    private readonly socket: Socket,
    private handlers: RawClientHandlers,
  ) {}

  /** Connects to a `ws://` URL; rejects when the server answers anything but a valid 101. */
  static connect(url: string, handlers: RawClientHandlers): Promise<RawWebSocketClient> {
    const key = randomBytes(16).toString('base64');
    const expected = createHash('sha1').update(`${key}${HANDSHAKE_GUID}`).digest('base64');
    return new Promise((resolve, reject) => {
      const upgrade = request(url.replace(/^ws:/, 'http:'), {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Key': key,
          'Sec-WebSocket-Version': '13',
        },
      });
      upgrade.once('error', reject);
      upgrade.once('response', (response) => {
        response.resume();
        reject(new Error(`unexpected server response: ${response.statusCode ?? 0}`));
      });
      upgrade.once('upgrade', (response, socket, head) => {
        if (response.headers['sec-websocket-accept'] !== expected) {
          socket.destroy();
          reject(new Error('invalid Sec-WebSocket-Accept'));
          return;
        }
        const client = new RawWebSocketClient(socket, handlers);
        client.listen(head);
        resolve(client);
      });
      upgrade.end();
    });
  }

  /** Replaces the handlers (e.g. once the client is ready). */
  handle(handlers: RawClientHandlers): void {
    this.handlers = handlers;
  }

  terminate(): void {
    this.socket.destroy();
  }

  private listen(head: Buffer): void {
    const reader = new FrameReader({
      onMessage: (chunk, start, end) => {
        this.handlers.onMessage(chunk, start, end, this.readAt);
      },
      onPing: (payload) => this.socket.write(clientControlFrame(ControlOpcode.Pong, payload)),
      onClose: (code) => {
        this.end(code);
        this.socket.end(clientControlFrame(ControlOpcode.Close, Buffer.alloc(0)));
      },
      onProtocolError: () => {
        this.end(1002);
        this.socket.destroy();
      },
    });
    this.socket.setNoDelay(true);
    this.socket.on('data', (data: Buffer) => {
      this.readAt = Date.now();
      reader.read(data);
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.end(1006);
    });
    if (head.length > 0) {
      this.readAt = Date.now();
      reader.read(head);
    }
  }

  private end(code: number): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers.onEnd(code);
  }
}
