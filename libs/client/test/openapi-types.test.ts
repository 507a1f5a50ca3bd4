import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { spawnApp, type RunningApp, uniquePrefix } from '@pds/testing';

const GENERATOR = resolve(__dirname, '../scripts/generate-types.mjs');

/** Runs the generator's check (openapi-typescript's API, in memory; nothing is written). */
async function check(from: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      GENERATOR,
      '--from',
      from,
      '--check',
    ]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Acceptance 3 of issue 29: the checked-in types are what the served document generates. */
describe('the generated OpenAPI types of the client', () => {
  let gateway: RunningApp | undefined;
  let folder: string;

  beforeAll(async () => {
    gateway = await spawnApp(
      'gateway',
      { REDIS_PREFIX: uniquePrefix('client-types'), HOST: '127.0.0.1' },
      { timeoutMs: 60_000 }, // generous: the suites share two busy cores
    );
    folder = mkdtempSync(join(tmpdir(), 'client-types-'));
  });

  afterAll(async () => {
    await gateway?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('should be exactly what the built gateway’s /docs-json generates', async () => {
    const result = await check(`http://127.0.0.1:${gateway!.port}`);
    expect(result.output).toContain('the generated types are current');
    expect(result.code).toBe(0);
  });

  it('should fail when a response shape changes without regenerating', async () => {
    const served = (await (await fetch(`http://127.0.0.1:${gateway!.port}/docs-json`)).json()) as {
      components: { schemas: { PriceDto: { properties: Record<string, unknown>; required: string[] } } };
    };
    const price = served.components.schemas.PriceDto;
    price.properties.exchange = { type: 'string' };
    price.required.push('exchange');
    const changed = join(folder, 'changed.json');
    writeFileSync(changed, JSON.stringify(served));
    const result = await check(changed);
    expect(result.code).toBe(1);
    expect(result.output).toContain('exchange: string;');
  });
});
