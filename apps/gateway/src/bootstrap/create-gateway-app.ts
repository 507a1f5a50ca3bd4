import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { JsonLogger } from '@pds/observability';
import { AppModule } from '../app.module';
import { serveOpenApi } from '../docs/openapi';
import type { GatewayEnvironment } from '../gateway.environment';
import { QueryValidationPipe } from '../prices/dto/query-validation.pipe';
import { logEveryRequest } from '../logging/request-log';
import { HttpMetrics } from '../metrics/http-metrics';
import { parseQueryString } from './query-string';

/** The gateway as a Nest application on Fastify, configured but not yet listening. */
export async function createGatewayApp(
  env: GatewayEnvironment,
  logger: JsonLogger,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: env.TRUST_PROXY,
    routerOptions: { querystringParser: parseQueryString },
    // Fastify's own logger would print URLs, whose query may hold an API key.
    logger: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env, logger), adapter, {
    logger,
    abortOnError: false,
  });
  // Before any route is registered: each route gets its metrics hook as it is added.
  app.get(HttpMetrics).instrument(app.getHttpAdapter().getInstance());
  app.useGlobalPipes(new QueryValidationPipe());
  // Raw WebSockets on the HTTP port; the streaming gateways claim the three price paths.
  app.useWebSocketAdapter(new WsAdapter(app));
  app.enableShutdownHooks();
  if (env.LOG_REQUESTS) logEveryRequest(app.getHttpAdapter().getInstance(), logger);
  serveOpenApi(app);
  return app;
}
