import { createAppLogger } from './app-logger';

function capture(): { lines: Record<string, unknown>[]; write: (line: string) => void } {
  const lines: Record<string, unknown>[] = [];
  return { lines, write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) };
}

describe('createAppLogger', () => {
  it('should write one JSON line with the level name, the app and the message', () => {
    const out = capture();
    createAppLogger('gateway', 'info', out).info({ port: 3000 }, 'ready');
    expect(out.lines).toEqual([
      expect.objectContaining({ level: 'info', app: 'gateway', msg: 'ready', port: 3000 }),
    ]);
    expect(typeof out.lines[0]?.time).toBe('string');
  });

  it('should censor secret fields at the top and one object down', () => {
    const out = capture();
    createAppLogger('gateway', 'info', out).warn(
      { apiKey: 'k', password: 'p', headers: { authorization: 'Bearer t', cookie: 'c', accept: '*/*' } },
      'secrets',
    );
    expect(out.lines[0]).toMatchObject({
      apiKey: '[redacted]',
      password: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' },
    });
  });

  it('should drop lines below the level', () => {
    const out = capture();
    createAppLogger('cache', 'warn', out).info('chatter');
    expect(out.lines).toEqual([]);
  });
});
