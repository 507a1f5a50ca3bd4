import SwaggerParser from '@apidevtools/swagger-parser';
import { ADMIN_TOKEN } from './support/admin-api';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';

interface OpenApiOperation {
  operationId: string;
  tags: string[];
  security?: Record<string, unknown>[];
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  tags: { name: string }[];
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> } | undefined>;
  };
}

// Operators' operations sit under their own tag, listed after the customers' (issue 26).
const ADMIN_OPERATIONS = [
  ['post', '/api/v1/api-keys', 'createApiKey', 'admin', '201'],
  ['get', '/api/v1/api-keys', 'listApiKeys', 'admin', '200'],
  ['delete', '/api/v1/api-keys/{id}', 'revokeApiKey', 'admin', '200'],
  ['post', '/api/v1/api-keys/{id}/boosts', 'grantBoost', 'admin', '201'],
  ['get', '/api/v1/api-keys/{id}/boosts', 'listApiKeyBoosts', 'admin', '200'],
  ['delete', '/api/v1/api-keys/{id}/boosts/{boostId}', 'endBoost', 'admin', '200'],
] as const;

const OWNER_OPERATIONS = [
  ['/api/v1/api-keys/me', 'getOwnApiKey', 'api-keys'],
  ['/api/v1/boosts', 'listOwnBoosts', 'boosts'],
] as const;

/** Issue 8, acceptance 3: the api-keys and boosts operations in the OpenAPI document. */
describe('the OpenAPI document of the api-keys and boosts areas', () => {
  let harness: GatewayHarness;
  let document: OpenApiDocument;

  beforeAll(async () => {
    harness = await gatewayHarness('admin-openapi');
    await harness.startGateway({ ADMIN_TOKEN });
    document = (await getJson(`${harness.url()}/docs-json`)).body as OpenApiDocument;
  });

  afterAll(() => harness.close());

  it('should still pass an OpenAPI 3 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('should declare the admin scheme and the two tags, the operators’ and Stripe’s last', () => {
    expect(document.components.securitySchemes.AdminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const tags = document.tags.map((tag) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['api-keys', 'boosts']));
    expect(tags.slice(-2)).toEqual(['admin', 'stripe']);
    expect(document.paths['/api/v1/billing/webhooks/stripe']?.post?.tags).toEqual(['stripe']);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods ?? {}));
    for (const operation of operations) {
      const isAdmin = (operation?.security ?? []).some((scheme) => 'AdminToken' in scheme);
      expect({ id: operation?.operationId, admin: operation?.tags.includes('admin') }).toEqual({
        id: operation?.operationId,
        admin: isAdmin,
      });
    }
  });

  it.each(ADMIN_OPERATIONS)(
    'should describe %s %s as %s, tagged %s, admin only, with its error responses',
    (method, path, operationId, tag, success) => {
      const operation = document.paths[path]?.[method];
      expect(operation).toMatchObject({ operationId, tags: [tag], security: [{ AdminToken: [] }] });
      for (const status of [success, '400', '401', '403'])
        expect(operation?.responses).toHaveProperty(status);
    },
  );

  it.each(OWNER_OPERATIONS)(
    'should describe GET %s as %s, tagged %s, with the API-key schemes',
    (path, operationId, tag) => {
      const operation = document.paths[path]?.get;
      expect(operation).toMatchObject({ operationId, tags: [tag] });
      expect(operation?.security).toEqual([{ ApiKeyHeader: [] }, { BearerToken: [] }, { ApiKeyQuery: [] }]);
      for (const status of ['200', '401', '429']) expect(operation?.responses).toHaveProperty(status);
    },
  );

  it('should carry the request and response schemas, the key only in the create answer', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'CreateApiKeyDto',
        'CreatedApiKeyDto',
        'ApiKeyListDto',
        'GrantBoostDto',
        'BoostDto',
        'BoostListDto',
        'OwnApiKeyDto',
      ]),
    );
    expect(schemas.CreatedApiKeyDto?.required).toContain('key');
    expect(schemas.ApiKeyDto?.properties).not.toHaveProperty('key');
    expect(schemas.CreateApiKeyDto?.required).toEqual(['name']);
  });
});
