import * as ws from 'ws';
import type { Writable } from 'node:stream';
import { textFrame } from './frames';

/** ws's frame parser: exported at run time, left out of its type definitions. */
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => Writable };

/** Reads frames back with ws's own client-side parser. */
function decode(frame: Buffer): string[] {
  const texts: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    texts.push(data.toString());
  });
  receiver.write(frame);
  return texts;
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 65_535, 65_536, 70_000])(
    'should frame a %i-byte payload as ws reads it',
    (size) => {
      const text = 'x'.repeat(size);
      expect(decode(textFrame(text))).toEqual([text]);
    },
  );

  it('should let frames written back to back be read as separate messages', () => {
    const frames = Buffer.concat([textFrame('{"a":1}'), textFrame('{"b":2}')]);
    expect(decode(frames)).toEqual(['{"a":1}', '{"b":2}']);
  });
});
