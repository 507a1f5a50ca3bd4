/** What a server sends a client, frame by frame (RFC 6455 section 5.2). */
export interface ServerFrames {
  /** A whole text or binary message: its payload is `chunk[start, end)`, valid during the call only. */
  onMessage(chunk: Buffer, start: number, end: number): void;
  onPing(payload: Buffer): void;
  onClose(code: number): void;
  /** Something these servers never send (a masked or fragmented frame, a reserved opcode). */
  onProtocolError(reason: string): void;
}

const Opcode = { Text: 0x1, Binary: 0x2, Close: 0x8, Ping: 0x9, Pong: 0xa } as const;

/** No close code in the close frame (RFC 6455 section 7.4.1). */
const NO_STATUS = 1005;

/**
 * The largest message a client takes: far above the service's (a 1,000-kline snapshot is about
 * 250 KB), so a length beyond it is a broken stream, not a frame to wait for and buffer.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Reads the frames a server writes to one client socket in place, chunk by chunk, keeping only a
 * frame split across chunks. The benchmark's clients use it instead of `ws`'s Receiver (a Writable
 * stream, a Buffer and an event per message): tens of thousands of clients in one process made the
 * client side, not the server, the bottleneck of the lag it measures.
 */
export class FrameReader {
  private partial: Buffer | undefined;

  constructor(private readonly frames: ServerFrames) {}

  /** Feeds a chunk read from the socket (which may reuse it after the call); false after a protocol error. */
  read(data: Buffer): boolean {
    const chunk = this.partial === undefined ? data : Buffer.concat([this.partial, data]);
    this.partial = undefined;
    let offset = 0;
    while (offset < chunk.length) {
      const next = this.frameAt(chunk, offset);
      if (next === undefined) {
        this.partial = Buffer.from(chunk.subarray(offset));
        return true;
      }
      if (next < 0) return false;
      offset = next;
    }
    return true;
  }

  /** Handles the frame at `offset`: where the next one starts, undefined when incomplete, -1 on error. */
  private frameAt(chunk: Buffer, offset: number): number | undefined {
    if (chunk.length - offset < 2) return undefined;
    const first = chunk[offset] ?? 0;
    const second = chunk[offset + 1] ?? 0;
    if ((first & 0x80) === 0 || (second & 0x80) !== 0) {
      this.frames.onProtocolError('a fragmented or masked frame from the server');
      return -1;
    }
    const short = second & 0x7f;
    const headerLength = short < 126 ? 2 : short === 126 ? 4 : 10;
    if (chunk.length - offset < headerLength) return undefined;
    const length =
      short < 126
        ? short
        : short === 126
          ? chunk.readUInt16BE(offset + 2)
          : Number(chunk.readBigUInt64BE(offset + 2));
    if (length > MAX_MESSAGE_BYTES) {
      this.frames.onProtocolError(`a frame of ${length} bytes, above ${MAX_MESSAGE_BYTES}`);
      return -1;
    }
    const start = offset + headerLength;
    const end = start + length;
    if (end > chunk.length) return undefined;
    return this.dispatch(first & 0x0f, chunk, start, end) ? end : -1;
  }

  private dispatch(opcode: number, chunk: Buffer, start: number, end: number): boolean {
    switch (opcode) {
      case Opcode.Text:
      case Opcode.Binary:
        this.frames.onMessage(chunk, start, end);
        return true;
      case Opcode.Ping:
        this.frames.onPing(Buffer.from(chunk.subarray(start, end)));
        return true;
      case Opcode.Pong:
        return true;
      case Opcode.Close:
        this.frames.onClose(end - start >= 2 ? chunk.readUInt16BE(start) : NO_STATUS);
        return true;
      default:
        this.frames.onProtocolError(`opcode ${opcode} from the server`);
        return false;
    }
  }
}

/**
 * A client's frame (always masked, RFC 6455 section 5.3), with a zero mask: the payload goes as it
 * is. Payloads of control frames only, so under 126 bytes.
 */
export function clientControlFrame(opcode: number, payload: Buffer): Buffer {
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  payload.copy(frame, 6);
  return frame;
}

export const ControlOpcode = { Close: Opcode.Close, Pong: Opcode.Pong } as const;
