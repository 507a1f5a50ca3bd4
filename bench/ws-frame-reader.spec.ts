import { fc, test } from '@fast-check/jest';
import {
  clientControlFrame,
  ControlOpcode,
  FrameReader,
  MAX_MESSAGE_BYTES,
  type ServerFrames,
} from './ws-frame-reader';

interface Seen {
  readonly messages: string[];
  readonly pings: string[];
  readonly closes: number[];
  readonly errors: string[];
}

function reader(): { reader: FrameReader; seen: Seen } {
  const seen: Seen = { messages: [], pings: [], closes: [], errors: [] };
  const frames: ServerFrames = {
    onMessage: (chunk, start, end) => seen.messages.push(chunk.toString('utf8', start, end)),
    onPing: (payload) => seen.pings.push(payload.toString()),
    onClose: (code) => seen.closes.push(code),
    onProtocolError: (reason) => seen.errors.push(reason),
  };
  return { reader: new FrameReader(frames), seen };
}

/** A server's frame (RFC 6455 section 5.2): FIN, the opcode, an unmasked length of 7, 16 or 64 bits. */
function serverFrame(text: string, opcode = 1): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(payload.length < 126 ? 2 : payload.length < 65_536 ? 4 : 10);
  header[0] = 0x80 | opcode;
  if (header.length === 2) header[1] = payload.length;
  else if (header.length === 4) {
    header[1] = 126;
    header.writeUInt16BE(payload.length, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  return Buffer.concat([header, payload]);
}

/** Cuts `bytes` at the given points (sorted, within range). */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const sorted = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const point of [...sorted, bytes.length]) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return pieces;
}

describe('FrameReader', () => {
  test.prop([
    fc.array(fc.string({ maxLength: 70_000, unit: 'grapheme' }), { minLength: 1, maxLength: 5 }),
    fc.array(fc.nat(), { maxLength: 12 }),
  ])('reads every message whole however the stream is cut into chunks', (texts, points) => {
    const { reader: frames, seen } = reader();
    for (const piece of cut(Buffer.concat(texts.map((text) => serverFrame(text))), points)) {
      expect(frames.read(piece)).toBe(true);
    }
    expect(seen.messages).toEqual(texts);
    expect(seen.errors).toEqual([]);
  });

  it('reads the three header sizes (7-bit, 16-bit and 64-bit lengths) split anywhere', () => {
    const texts = ['a'.repeat(125), 'b'.repeat(126), 'c'.repeat(65_535), 'd'.repeat(65_536)];
    const stream = Buffer.concat(texts.map((text) => serverFrame(text)));
    for (const points of [[1], [3, 130], [2, 9, 70_000, 131_000]]) {
      const { reader: frames, seen } = reader();
      for (const piece of cut(stream, points)) frames.read(piece);
      expect(seen.messages).toEqual(texts);
    }
  });

  it('reports pings with their payload and the close code of a close frame', () => {
    const { reader: frames, seen } = reader();
    const close = Buffer.from([0x88, 2, 0x0f, 0xa1]);
    frames.read(Buffer.concat([serverFrame('are you there', 9), serverFrame('{"p":1}'), close]));
    expect(seen).toEqual({ messages: ['{"p":1}'], pings: ['are you there'], closes: [4001], errors: [] });
  });

  it('refuses a fragmented or masked frame from the server, and reads nothing after it', () => {
    for (const first of [Buffer.from([0x01, 1, 0x41]), Buffer.from([0x81, 0x81, 0, 0, 0, 0, 0x41])]) {
      const { reader: frames, seen } = reader();
      expect(frames.read(Buffer.concat([first, serverFrame('after')]))).toBe(false);
      expect(seen.messages).toEqual([]);
      expect(seen.errors).toEqual(['a fragmented or masked frame from the server']);
    }
  });

  it('refuses a frame that claims more than the largest message at once, before its payload came', () => {
    const { reader: frames, seen } = reader();
    const header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(MAX_MESSAGE_BYTES + 1), 2);
    expect(frames.read(header)).toBe(false);
    expect(seen.errors).toEqual([`a frame of ${MAX_MESSAGE_BYTES + 1} bytes, above ${MAX_MESSAGE_BYTES}`]);
  });
});

describe('clientControlFrame', () => {
  it('is a masked pong frame with a zero mask, its payload as it is', () => {
    const frame = clientControlFrame(ControlOpcode.Pong, Buffer.from('hello'));
    expect([...frame.subarray(0, 6)]).toEqual([0x8a, 0x85, 0, 0, 0, 0]);
    expect(frame.subarray(6).toString()).toBe('hello');
  });
});
