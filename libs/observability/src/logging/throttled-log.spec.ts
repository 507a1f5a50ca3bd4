import { Writable } from 'node:stream';
import { createAppLogger } from './app-logger';
import { ThrottledLog } from './throttled-log';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('ThrottledLog', () => {
  it('should log the first error at once and then one line per interval with the count left out', () => {
    const { lines, stream } = capture();
    let now = 0;
    const log = new ThrottledLog(createAppLogger('test', 'info', stream), 'queue-error', 1000, () => now);
    for (let index = 0; index < 50; index += 1) {
      log.report(new Error('Connection is closed.'));
      now += 100;
    }
    expect(lines.map((line) => [line.msg, line.error, line.suppressed])).toEqual([
      ['queue-error', 'Connection is closed.', 0],
      ['queue-error', 'Connection is closed.', 9],
      ['queue-error', 'Connection is closed.', 9],
      ['queue-error', 'Connection is closed.', 9],
      ['queue-error', 'Connection is closed.', 9],
    ]);
  });
});
