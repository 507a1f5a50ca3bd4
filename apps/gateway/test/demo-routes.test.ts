import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const PUBLIC = resolve(__dirname, '../public/demo');
const CHART_LIBRARY = resolve(
  dirname(require.resolve('lightweight-charts/package.json')),
  'dist/lightweight-charts.standalone.production.js',
);
/** The service's client for the page, as `npm run build` bundles it. */
const CLIENT_BUNDLE = resolve(__dirname, '../../../dist/client/price-data-client.js');

describe('the files of the /demo page', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await gatewayHarness('demo-routes');
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  it.each([
    ['/demo', 'text/html; charset=utf-8', resolve(PUBLIC, 'index.html')],
    ['/demo/app.js', 'text/javascript; charset=utf-8', resolve(PUBLIC, 'app.js')],
    ['/demo/app.css', 'text/css; charset=utf-8', resolve(PUBLIC, 'app.css')],
    ['/demo/vendor/lightweight-charts.js', 'text/javascript; charset=utf-8', CHART_LIBRARY],
    ['/demo/vendor/price-data-client.js', 'text/javascript; charset=utf-8', CLIENT_BUNDLE],
  ])('should serve %s without a key, as %s, byte for byte', async (path, contentType, file) => {
    const response = await fetch(`${harness.url()}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(file))).toBe(true);
  });

  it('should forbid loading anything from another site and tell browsers to revalidate', async () => {
    const response = await fetch(`${harness.url()}/demo`);
    const policy = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('should refer only to its own files in the page', async () => {
    const html = await (await fetch(`${harness.url()}/demo`)).text();
    const loaded = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(loaded).toEqual([
      'data:,',
      '/demo/app.css',
      '/demo/vendor/lightweight-charts.js',
      '/demo/vendor/price-data-client.js',
      '/demo/app.js',
    ]);
  });

  it('should answer 304 when the browser already has the file', async () => {
    const first = await fetch(`${harness.url()}/demo/app.js`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${harness.url()}/demo/app.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('should keep the page out of the OpenAPI document', async () => {
    const document = (await (await fetch(`${harness.url()}/docs-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/demo'))).toEqual([]);
  });
});
