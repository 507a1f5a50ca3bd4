import * as ws from 'ws';
import type { Writable } from 'node:stream';
import { ApiException } from '../errors/api-exception';
import { tooManyConnections } from '../errors/too-many-requests';
import { closeFrameFor, textFrame } from './frames';

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

describe('closeFrameFor', () => {
  it('should close with 4000 + status and the code as reason for client errors', () => {
    expect(closeFrameFor(ApiException.missingApiKey())).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(closeFrameFor(ApiException.invalidApiKey())).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(closeFrameFor(ApiException.validation(['interval must be one of']))).toEqual({
      code: 4400,
      reason: 'VALIDATION_ERROR',
    });
    expect(closeFrameFor(tooManyConnections(2))).toEqual({
      code: 4429,
      reason: 'RATE_LIMIT_EXCEEDED',
    });
  });

  it('should close with 1013 (try again later) when the service is unavailable', () => {
    expect(closeFrameFor(ApiException.serviceUnavailable('Storage is unavailable'))).toEqual({
      code: 1013,
      reason: 'SERVICE_UNAVAILABLE',
    });
  });

  it('should close with 1011 for an internal error', () => {
    expect(closeFrameFor(new ApiException(500, { code: 'INTERNAL_ERROR', message: 'x' }))).toEqual({
      code: 1011,
      reason: 'INTERNAL_ERROR',
    });
  });
});
