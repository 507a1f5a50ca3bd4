import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';

const ROOT = resolve(__dirname, '../../..');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
const PUBLIC_BASE_URL = 'https://prices.example.test';
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const PRICE_OPERATIONS = ['/api/v1/prices/current', '/api/v1/prices/klines', '/api/v1/prices/klines/current'];

interface Response {
  headers?: Record<string, unknown>;
}
interface Operation {
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  responses: Record<string, Response>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}
interface SpectralResult {
  code: string;
  message: string;
  severity: number;
  path: string[];
}

/** Every operation of the document, named `METHOD path`. */
function operationsOf(document: Document): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** `npx spectral lint` of `document` with the repository's .spectral.yaml: every result it reports. */
async function spectralLint(document: Document): Promise<SpectralResult[]> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-openapi-'));
  const file = join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  const args = ['lint', file, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'];
  try {
    // Spectral exits non-zero when it finds an error; the JSON on stdout lists every result either way.
    const { stdout } = await promisify(execFile)(SPECTRAL, args, { cwd: ROOT }).catch((error: unknown) => ({
      stdout: (error as { stdout?: string }).stdout ?? '',
    }));
    return JSON.parse(stdout) as SpectralResult[];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('the served OpenAPI document, linted and described for clients', () => {
  let harness: GatewayHarness;
  let document: Document;

  beforeAll(async () => {
    harness = await gatewayHarness('openapi-lint');
    await harness.startGateway({ PUBLIC_BASE_URL });
    document = (await getJson(`${harness.url()}/docs-json`)).body as Document;
  });

  afterAll(() => harness.close());

  it("should pass Spectral's spectral:oas rules with no error and no warning", async () => {
    const results = await spectralLint(document);
    expect(results.map(({ code, message, path }) => `${code} at ${path.join('.')}: ${message}`)).toEqual([]);
  });

  it('should name PUBLIC_BASE_URL as its server', () => {
    expect(document.servers).toEqual([{ url: PUBLIC_BASE_URL }]);
  });

  it('should give every operation a description and, on key-protected ones, the error answers', () => {
    for (const [name, operation] of operationsOf(document)) {
      expect({ name, described: (operation.description ?? '').length > 20 }).toEqual({
        name,
        described: true,
      });
      if (!operation.security?.some((scheme) => 'ApiKeyHeader' in scheme)) continue;
      expect({
        name,
        errors: Object.keys(operation.responses).filter((status) => Number(status) >= 400),
      }).toEqual({
        name,
        errors: expect.arrayContaining(['401', '429', '503']) as unknown,
      });
    }
  });

  it('should describe the rate-limit headers on answers to a counted key, and Retry-After on every 429 and 503', () => {
    for (const [name, operation] of operationsOf(document)) {
      const counted = operation.security?.some((scheme) => 'ApiKeyHeader' in scheme) ?? false;
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        if (status === '429' || status === '503') {
          expect({ name, status, headers }).toEqual({ name, status, headers: ['Retry-After'] });
        } else if (counted && (status.startsWith('2') || status === '400')) {
          // The price operations' answers also name the exchange they came from (CONTRACT section 11).
          const priced = status.startsWith('2') && (operation.tags?.includes('prices') ?? false);
          const expected = priced ? [...RATE_LIMIT_HEADERS, 'X-Price-Source'] : RATE_LIMIT_HEADERS;
          expect({ name, status, headers }).toEqual({ name, status, headers: expected });
        }
      }
    }
  });

  it.each(PRICE_OPERATIONS)(
    'should describe the WebSocket form of %s: snapshot, pushes and close codes',
    (path) => {
      const description = document.paths[path]?.get?.description ?? '';
      expect(description).toContain('wss');
      expect(description).toContain('snapshot');
      expect(description).toContain('Then a frame for every change');
      for (const code of [4400, 4401, 4429, 1000, 1001, 1009, 1013])
        expect(description).toContain(`**${code}**`);
    },
  );
});
