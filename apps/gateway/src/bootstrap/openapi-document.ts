import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { withAccountSecuritySchemes } from '../accounts/access/account-security-schemes';
import { withStripeWebhook } from '../billing/webhooks/webhook-openapi';
import { ADMIN_SECURITY_SCHEME, SecurityScheme } from '../docs/api-key-security.decorator';

export const API_VERSION = '0.0.1';

/** The document, with `publicBaseUrl` (PUBLIC_BASE_URL) as its one server. */
export function buildOpenApiDocument(app: INestApplication, publicBaseUrl: string): OpenAPIObject {
  const config = withAccountSecuritySchemes(new DocumentBuilder())
    .setTitle('Price Data Service')
    .setDescription(
      'Real-time BTCUSDT price and klines over HTTP GET and WebSocket (same paths, ws/wss scheme). ' +
        'Send the API key in one of the three schemes.',
    )
    .setVersion(API_VERSION)
    .addServer(publicBaseUrl)
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
    .addTag('auth', 'Sign up, verify the email, sign in, refresh, sign out, reset the password; the account.')
    .addTag('api-keys', 'Admin: create, list and revoke keys. Owner: its own key, limits and usage.')
    .addTag('boosts', 'Admin: grant and end boosts of a key. Owner: its active boosts. Account: buy one.')
    .addTag('billing', 'Plans, Stripe Checkout and portal for an account; Stripe’s webhooks.')
    .build();
  return withStripeWebhook(SwaggerModule.createDocument(app, config));
}

/** Swagger UI at /docs and the OpenAPI 3 document at /docs-json; no key needed. */
export function serveOpenApi(app: INestApplication, publicBaseUrl: string): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, publicBaseUrl), {
    jsonDocumentUrl: 'docs-json',
  });
}
