/** Text frame opcode with FIN set (RFC 6455 section 5.2). */
const FIN_TEXT = 0x81;

/**
 * A complete, unmasked WebSocket text frame (server to client, no extensions), built once and written
 * as it is to every socket of a topic: the header ws would build per socket and per send, made once.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (headerLength === 2) {
    frame[1] = length;
  } else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength);
  return frame;
}
