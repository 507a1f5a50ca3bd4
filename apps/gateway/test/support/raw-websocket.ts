import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface ServerFrame {
  readonly opcode: number;
  readonly payload: Buffer;
}

const CLOSE_OPCODE = 0x8;

/** Server frames are never masked; returns the frames complete in `data` and the bytes left over. */
function readFrames(data: Buffer): { frames: ServerFrame[]; rest: Buffer } {
  const frames: ServerFrame[] = [];
  let offset = 0;
  for (;;) {
    if (data.length - offset < 2) break;
    const opcode = (data[offset] ?? 0) & 0x0f;
    let length = (data[offset + 1] ?? 0) & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (data.length < start + 2) break;
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (data.length < start + 8) break;
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (data.length < start + length) break;
    frames.push({ opcode, payload: data.subarray(start, start + length) });
    offset = start + length;
  }
  return { frames, rest: data.subarray(offset) };
}

/** A client frame, masked unless `masked` is false (what a conforming client never sends). */
export function clientFrame(opcode: number, payload: Buffer, masked = true): Buffer {
  const length = payload.length;
  const lengthBytes = length < 126 ? Buffer.from([length]) : Buffer.from([126, length >> 8, length & 0xff]);
  const head = Buffer.concat([Buffer.from([0x80 | opcode]), lengthBytes]);
  if (!masked) return Buffer.concat([head, payload]);
  head[1] = (head[1] ?? 0) | 0x80;
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([head, mask, body]);
}

/**
 * A WebSocket spoken byte by byte over TCP, so a test can send frames a real client library refuses
 * to send. Resolves once the server answered 101.
 */
export class RawWebSocket {
  private buffer: Buffer = Buffer.alloc(0);
  readonly frames: ServerFrame[] = [];
  private readonly closed: Promise<void>;
  private frameArrived: () => void = () => undefined;
  /** Resolves once the server sent its first frame (the snapshot). */
  readonly firstFrame = new Promise<void>((resolve) => {
    this.frameArrived = resolve;
  });

  private constructor(private readonly socket: Socket) {
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      const { frames, rest } = readFrames(Buffer.concat([this.buffer, chunk]));
      this.frames.push(...frames);
      this.buffer = rest;
      if (this.frames.length > 0) this.frameArrived();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        resolve();
      }),
    );
  }

  static async open(port: number, pathAndQuery: string): Promise<RawWebSocket> {
    const socket = connect(port, '127.0.0.1');
    const handshake = [
      `GET ${pathAndQuery} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n');
    const head = await new Promise<Buffer>((resolve, reject) => {
      let data: Buffer = Buffer.alloc(0);
      const onData = (chunk: Buffer): void => {
        data = Buffer.concat([data, chunk]);
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        socket.pause();
        resolve(data);
      };
      socket.on('data', onData);
      socket.once('close', () => {
        reject(new Error('closed during the WebSocket handshake'));
      });
      socket.write(handshake);
    });
    const end = head.indexOf('\r\n\r\n');
    const statusLine = head.subarray(0, head.indexOf('\r\n')).toString('latin1');
    if (!statusLine.startsWith('HTTP/1.1 101')) throw new Error(`handshake refused: ${statusLine}`);
    const client = new RawWebSocket(socket);
    socket.unshift(head.subarray(end + 4));
    socket.resume();
    return client;
  }

  send(frame: Buffer): void {
    this.socket.write(frame);
  }

  /** The close code of the server's close frame, once the connection has ended. */
  async closeCode(): Promise<number | undefined> {
    await this.closed;
    const close = this.frames.find((frame) => frame.opcode === CLOSE_OPCODE);
    return close && close.payload.length >= 2 ? close.payload.readUInt16BE(0) : undefined;
  }

  destroy(): void {
    this.socket.destroy();
  }
}
