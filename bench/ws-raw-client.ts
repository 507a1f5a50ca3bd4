import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { clientControlFrame, ControlOpcode, FrameReader } from './ws-frame-reader';

/** RFC 6455 section 1.3: the server proves the handshake with SHA-1(key + this), base64. */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** One read buffer for every client socket (`onread`): each read is handled whole before the next. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

export interface RawClientHandlers {
  /** A message's payload is `chunk[start, end)`; `receivedAt` is when its chunk was read (epoch ms). */
  onMessage(chunk: Buffer, start: number, end: number, receivedAt: number): void;
  /** The connection ended: the server's close code, or 1006 when the socket went without one. */
  onEnd(code: number): void;
}

interface Upgrade {
  readonly resolve: (client: RawWebSocketClient) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A benchmark client: the WebSocket handshake written and read on a plain TCP socket, then the
 * server's frames read in place (FrameReader) from one shared read buffer (`onread`: no Buffer and
 * no stream event per read); pings are answered, nothing else is sent. `ws`'s client (a Receiver
 * stream, a Buffer and an event per message) made the client process, not the server, the
 * bottleneck of the lag the benchmark measures.
 */
export class RawWebSocketClient {
  private ended = false;
  /** When the chunk being read arrived: every frame in it arrived then. */
  private readAt = 0;
  /** The server's answer to the upgrade request until its header is complete; then undefined. */
  private answer: Buffer | undefined = Buffer.alloc(0);
  private readonly socket: Socket;
  private readonly reader: FrameReader;

  private constructor(
    url: URL,
    private handlers: RawClientHandlers,
    private readonly upgrade: Upgrade,
  ) {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}${HANDSHAKE_GUID}`).digest('base64');
    this.reader = this.frameReader();
    this.socket = connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer: READ_BUFFER,
        callback: (length: number, buffer: Uint8Array) => {
          this.onRead(Buffer.from(buffer.buffer, buffer.byteOffset, length), accept);
          return true;
        },
      },
    });
    this.socket.setNoDelay(true);
    this.socket.once('connect', () => {
      this.socket.write(upgradeRequest(url, key));
    });
    this.socket.on('error', (error) => {
      upgrade.reject(error);
    });
    this.socket.on('close', () => {
      upgrade.reject(new Error('closed before the upgrade'));
      this.end(1006);
    });
  }

  /** Connects to a `ws://` URL; rejects when the server answers anything but a valid 101. */
  static connect(url: string, handlers: RawClientHandlers): Promise<RawWebSocketClient> {
    return new Promise((resolve, reject) => {
      new RawWebSocketClient(new URL(url), handlers, { resolve, reject });
    });
  }

  /** Replaces the handlers (e.g. once the client is ready). */
  handle(handlers: RawClientHandlers): void {
    this.handlers = handlers;
  }

  terminate(): void {
    this.socket.destroy();
  }

  private onRead(data: Buffer, accept: string): void {
    this.readAt = Date.now();
    if (this.answer === undefined) {
      this.reader.read(data);
      return;
    }
    const answer = Buffer.concat([this.answer, data]);
    const headerEnd = answer.indexOf('\r\n\r\n');
    if (headerEnd < 0) {
      this.answer = answer;
      return;
    }
    this.answer = undefined;
    const refusal = refusalOf(answer.toString('latin1', 0, headerEnd), accept);
    if (refusal !== undefined) {
      this.upgrade.reject(new Error(refusal));
      this.socket.destroy();
      return;
    }
    this.upgrade.resolve(this);
    this.reader.read(answer.subarray(headerEnd + 4));
  }

  private frameReader(): FrameReader {
    return new FrameReader({
      onMessage: (chunk, start, end) => {
        this.handlers.onMessage(chunk, start, end, this.readAt);
      },
      onPing: (payload) => {
        this.socket.write(clientControlFrame(ControlOpcode.Pong, payload));
      },
      onClose: (code) => {
        this.end(code);
        this.socket.end(clientControlFrame(ControlOpcode.Close, Buffer.alloc(0)));
      },
      onProtocolError: () => {
        this.end(1002);
        this.socket.destroy();
      },
    });
  }

  private end(code: number): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers.onEnd(code);
  }
}

function upgradeRequest(url: URL, key: string): string {
  return [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${key}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

/** Why the server's answer is not a valid upgrade; undefined when it is. */
function refusalOf(header: string, accept: string): string | undefined {
  const [status, ...lines] = header.split('\r\n');
  const code = status?.split(' ')[1];
  if (code !== '101') return `unexpected server response: ${code ?? 'none'}`;
  const proof = lines.find((line) => line.toLowerCase().startsWith('sec-websocket-accept:'));
  return proof?.slice(proof.indexOf(':') + 1).trim() === accept ? undefined : 'invalid Sec-WebSocket-Accept';
}
