import SwaggerParser from '@apidevtools/swagger-parser';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';

interface Operation {
  operationId: string;
  tags: string[];
  security: Record<string, unknown>[];
  responses: Record<string, unknown>;
}

describe('the OpenAPI document at /docs-json', () => {
  let harness: GatewayHarness;
  let document: {
    info: { version: string };
    paths: Record<string, { get: Operation }>;
    components: Record<string, Record<string, unknown>>;
  };

  beforeAll(async () => {
    harness = await gatewayHarness('openapi');
    await harness.startGateway();
    document = (await getJson(`${harness.url()}/docs-json`)).body as typeof document;
  });

  afterAll(() => harness.close());

  it('should pass an OpenAPI 3 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('should carry version 0.0.1 and the three security schemes, the API key header first', () => {
    expect(document.info.version).toBe('0.0.1');
    // Swagger UI's Authorize lists the schemes in the document's order (issue 26).
    expect(Object.keys(document.components.securitySchemes ?? {}).slice(0, 3)).toEqual([
      'ApiKeyHeader',
      'BearerToken',
      'ApiKeyQuery',
    ]);
    expect(document.components.securitySchemes).toEqual({
      ApiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }) as unknown,
      BearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'API key' },
      ApiKeyQuery: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'apiKey' }) as unknown,
      // The admin operations' scheme (issue 8), on those operations only; see admin-openapi.test.ts.
      AdminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }) as unknown,
      // The account operations' schemes (issue 14): an access token, and the refresh cookie.
      AccessToken: expect.objectContaining({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
      }) as unknown,
      RefreshCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: 'pds_refresh',
      }) as unknown,
    });
  });

  it.each([
    ['/api/v1/prices/current', 'getCurrentPrice'],
    ['/api/v1/prices/klines', 'getKlines'],
    ['/api/v1/prices/klines/current', 'getCurrentKline'],
  ])('should describe %s with tags, security and the 400/401/429 error responses', (path, operationId) => {
    const operation = document.paths[path]?.get;
    expect(operation?.operationId).toBe(operationId);
    expect(operation?.tags).toEqual(expect.arrayContaining(['prices', 'external']));
    expect(operation?.security).toEqual(
      expect.arrayContaining([{ ApiKeyHeader: [] }, { BearerToken: [] }, { ApiKeyQuery: [] }]),
    );
    for (const status of ['200', '400', '401', '429']) expect(operation?.responses).toHaveProperty(status);
  });

  it.each([
    ['/api/v1/index/current', 'getIndex'],
    ['/api/v1/index/klines', 'getIndexKlines'],
  ])(
    'should describe the index operation %s under its own tag, with the key schemes and a 503',
    (path, operationId) => {
      const operation = document.paths[path]?.get;
      expect(operation?.operationId).toBe(operationId);
      expect(operation?.tags).toEqual(['index']);
      expect(operation?.security).toEqual(
        expect.arrayContaining([{ ApiKeyHeader: [] }, { BearerToken: [] }, { ApiKeyQuery: [] }]),
      );
      for (const status of ['200', '400', '401', '429', '503'])
        expect(operation?.responses).toHaveProperty(status);
    },
  );

  it('should serve Swagger UI at /docs without a key', async () => {
    const response = await fetch(`${harness.url()}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});
