import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { deletePrefix, eventually, freePort, testRedis, uniquePrefix } from '@pds/testing';

const ROOT = resolve(__dirname, '../..');
/** The line of the start banner that names the demo key and the gateway's URL. */
const WATCH_LINE = /Watch the source: +curl -si -H 'x-api-key: (\S+)' (\S+)\/api\/v1\/prices\/current/;

/** Resolves with the first match of `pattern` in the child's output; rejects if it exits first. */
function waitForOutput(child: ChildProcess, output: string[], pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolvePromise, reject) => {
    const check = (): void => {
      const match = pattern.exec(output.join(''));
      if (match) resolvePromise(match);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      reject(new Error(`the local stack exited (${String(code)}) before it was up:\n${output.join('')}`));
    });
  });
}

/**
 * The README's first command (`npm start` = install, build, then this entry point): every app
 * against the simulators, then prices from the primary through the gateway with the demo key.
 */
describe('the local stack (npm start)', () => {
  const prefix = uniquePrefix('local-stack');
  const redis = testRedis().connect('test-local-stack');
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
    }
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('should start every app and serve the primary exchange’s price with the printed demo key', async () => {
    const output: string[] = [];
    child = spawn(process.execPath, ['dist/tools/local-stack.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...testRedis().env,
        REDIS_PREFIX: prefix,
        PORT: String(await freePort()),
        SIM_PORT: '0',
        STANDBY_SIM_PORT: '0',
        US_SIM_PORT: '0',
        MAIL_SINK_PORT: '0',
        PAYMENTS_SIM_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

    const [, key, url] = await waitForOutput(child, output, WATCH_LINE);
    const response = await eventually(
      async () => {
        const answer = await fetch(`${url}/api/v1/prices/current`, { headers: { 'x-api-key': key! } });
        return answer.status === 200 ? answer : undefined;
      },
      'a price from the local gateway',
      60_000,
    );
    expect(response.headers.get('x-price-source')).toBe('binance');
    expect(await response.json()).toEqual({
      price: expect.stringMatching(/^\d+\.\d+$/) as unknown,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
  });
});
