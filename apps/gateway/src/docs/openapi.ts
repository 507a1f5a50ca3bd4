import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ADMIN_SECURITY_SCHEME, SecurityScheme } from './api-key-security.decorator';

export const API_VERSION = '0.0.1';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Price Data Service')
    .setDescription(
      'Real-time BTCUSDT price and klines over HTTP GET and WebSocket (same paths, ws/wss scheme). ' +
        'Send the API key in one of the three schemes.',
    )
    .setVersion(API_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, SecurityScheme.Header)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key' }, SecurityScheme.Bearer)
    .addApiKey(
      { type: 'apiKey', in: 'query', name: 'apiKey', description: 'For WebSocket connections' },
      SecurityScheme.Query,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ADMIN_TOKEN',
        description: 'Admin operations: Authorization: Bearer <ADMIN_TOKEN>',
      },
      ADMIN_SECURITY_SCHEME,
    )
    .addTag('prices')
    .addTag('external')
    .addTag('health')
    .addTag('api-keys', 'Admin: create, list and revoke keys. Owner: its own key, limits and usage.')
    .addTag('boosts', 'Admin: grant and end boosts of a key. Owner: its active boosts.')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Swagger UI at /docs and the OpenAPI 3 document at /docs-json; no key needed. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}
