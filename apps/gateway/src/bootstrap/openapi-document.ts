import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { withAccountSecuritySchemes } from '../accounts';
import { withStripeWebhook } from '../billing';
import {
  ADMIN_SECURITY_SCHEME,
  ADMIN_TAG,
  SecurityScheme,
  STRIPE_TAG,
} from '../docs/api-key-security.decorator';

export const API_VERSION = '0.0.1';

/**
 * The title, the one server and the API key's three schemes. Swagger UI's Authorize lists the
 * schemes in the document's order: the API key header first, as most callers need only that one.
 */
function withApiKeySchemes(publicBaseUrl: string): DocumentBuilder {
  return new DocumentBuilder()
    .setTitle('Price Data Service')
    .setDescription(
      'Real-time BTCUSDT price and klines over HTTP GET and WebSocket (same paths, ws/wss scheme). ' +
        'Create an API key on /account, then send it as the `x-api-key` header (or one of the two ' +
        'other API-key schemes). Account and admin operations take the tokens named on them.',
    )
    .setVersion(API_VERSION)
    .addServer(publicBaseUrl)
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-api-key',
        description: 'Your API key (from /account): use this one',
      },
      SecurityScheme.Header,
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key' }, SecurityScheme.Bearer)
    .addApiKey(
      { type: 'apiKey', in: 'query', name: 'apiKey', description: 'Your API key, for WebSocket connections' },
      SecurityScheme.Query,
    );
}

/** The document, with `publicBaseUrl` (PUBLIC_BASE_URL) as its one server; customers' tags first. */
export function buildOpenApiDocument(app: INestApplication, publicBaseUrl: string): OpenAPIObject {
  const config = withAccountSecuritySchemes(withApiKeySchemes(publicBaseUrl))
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ADMIN_TOKEN',
        description: 'Operators only: Authorization: Bearer <ADMIN_TOKEN>',
      },
      ADMIN_SECURITY_SCHEME,
    )
    .addTag('prices')
    .addTag('external')
    .addTag('index', 'The index price: the median of the live exchanges, its band, components and klines.')
    .addTag('health')
    .addTag(
      'auth',
      'Sign up, verify the email, sign in, refresh, sign out, reset the password; the account and its usage.',
    )
    .addTag('api-keys', 'An account’s own keys; a key’s own view of itself, its limits and usage.')
    .addTag('boosts', 'A key’s active boosts; an account buys one.')
    .addTag('billing', 'Plans, Stripe Checkout and portal for an account.')
    .addTag(
      ADMIN_TAG,
      'Operator endpoints (ADMIN_TOKEN): keys and boosts of any key or account. Not for customers.',
    )
    .addTag(STRIPE_TAG, 'Stripe endpoints: called by Stripe with signed events, not by customers.')
    .build();
  return withStripeWebhook(SwaggerModule.createDocument(app, config));
}

/**
 * Nest's Swagger UI page has no viewport meta, so a phone lays it out 980 px wide and zooms out
 * (the template takes no head content; a script is the only hook, and browsers apply a viewport
 * meta added before the first layout). The CSS keeps its wide parts (long paths, code, tables)
 * inside a phone's width.
 */
const PHONE_VIEWPORT = `(function () {
  var meta = document.createElement('meta');
  meta.name = 'viewport';
  meta.content = 'width=device-width, initial-scale=1';
  document.head.appendChild(meta);
})();`;

const NARROW_SCREEN_CSS = `
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 20px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path,
  .swagger-ui .opblock .opblock-summary-path__deprecated { max-width: 100%; word-break: break-all; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; }
  .swagger-ui .opblock-tag small { flex: 1 1 100%; padding: 0; }
  .swagger-ui .scheme-container .schemes { flex-wrap: wrap; gap: 8px; }
  .swagger-ui pre, .swagger-ui .microlight { white-space: pre-wrap; word-break: break-all; }
  .swagger-ui table { display: block; overflow-x: auto; }
  .swagger-ui .model-box, .swagger-ui .model-container { max-width: 100%; overflow-x: auto; }
  .swagger-ui .dialog-ux .modal-ux { width: 95%; min-width: 0; }
}`;

/** Swagger UI at /docs and the OpenAPI 3 document at /docs-json; no key needed. */
export function serveOpenApi(app: INestApplication, publicBaseUrl: string): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, publicBaseUrl), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'Price Data Service · API docs',
    customJsStr: PHONE_VIEWPORT,
    customCss: NARROW_SCREEN_CSS,
  });
}
