import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ACCOUNT_PAGE_SCRIPTS } from '../src/account-page/account-page.controller';
import { PAGE_CONTENT_SECURITY_POLICY } from '../src/pages/page-files';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const PUBLIC = resolve(__dirname, '../public/account');
const FILES: [string, string, string][] = [
  ['/account', 'text/html; charset=utf-8', 'index.html'],
  ['/account/account.css', 'text/css; charset=utf-8', 'account.css'],
  ...ACCOUNT_PAGE_SCRIPTS.map((name): [string, string, string] => [
    `/account/${name}`,
    'text/javascript; charset=utf-8',
    name,
  ]),
];

describe('the files of the /account page', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await gatewayHarness('account-page-routes');
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  it.each(FILES)(
    'should serve %s without a key, as %s, byte for byte, under the strict CSP',
    async (path, type, name) => {
      const response = await fetch(`${harness.url()}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(resolve(PUBLIC, name)))).toBe(
        true,
      );
    },
  );

  it('should answer 404 in the error shape for any other name, a path out of the folder too', async () => {
    for (const path of ['/account/nothing.js', '/account/..%2Fdemo%2Fapp.js', '/account/index.html']) {
      const response = await fetch(`${harness.url()}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('should load only its own files, with no inline script or style', async () => {
    const html = await (await fetch(`${harness.url()}/account`)).text();
    const loaded = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(loaded).toEqual([
      'data:,',
      '/account/account.css',
      '/account/lightweight-charts.js',
      '/account/main.js',
    ]);
    expect(html).not.toMatch(/<script>|<style|style="|\son[a-z]+="/);
  });

  it('should neither log nor store anything in the browser (passwords and tokens stay in memory)', () => {
    for (const name of ACCOUNT_PAGE_SCRIPTS) {
      const script = readFileSync(resolve(PUBLIC, name), 'utf8');
      expect(script).not.toMatch(/console\.|localStorage|sessionStorage|indexedDB|document\.cookie/);
      for (const imported of script.matchAll(/from '\.\/([\w-]+\.js)'/g)) {
        expect(ACCOUNT_PAGE_SCRIPTS).toContain(imported[1]);
      }
    }
  });

  it('should keep the page out of the OpenAPI document', async () => {
    const document = (await (await fetch(`${harness.url()}/docs-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => /^\/account(\/|$)/.test(path))).toEqual([]);
  });
});
