import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppLogger, NestLogger } from '@pds/observability';
import type { FastifyServerOptions } from 'fastify';
import { GatewayModule } from '../gateway.module';
import { serveStripeWebhooks } from '../billing';
import { serveOpenApi } from './openapi-document';
import type { GatewayEnvironment } from '../gateway.environment';
import { QueryValidationPipe } from '../validation/query-validation.pipe';
import { HttpMetrics } from '../metrics/http-metrics';
import { proxyTrust } from '../proxy-trust';
import { parseQueryString } from '../validation/query-string';
import { answerClientError, answerFrameworkError } from '../errors/framework-errors';
import { LANE_PATHS, serveOnLane } from './lane-routes';
import { PriceLane } from './price-lane';
import { RequestEnvelope } from './request-envelope';
import { GatewayWsAdapter } from '../streaming/gateway-ws-adapter';
import { WsMetrics } from '../streaming/ws-metrics';

const BODY_LIMIT_BYTES = 16 * 1024;

/** The gateway's Fastify options, for Nest's instance and the price lane's alike. */
function fastifyOptions(env: GatewayEnvironment): FastifyServerOptions {
  return {
    trustProxy: proxyTrust(env),
    routerOptions: { querystringParser: parseQueryString },
    // Fastify's own logger would print URLs, whose query may hold an API key.
    logger: false,
    // Every body this service takes is small; larger ones get 413 before they are read.
    bodyLimit: BODY_LIMIT_BYTES,
    // Requests refused before routing (malformed URL, unparsable HTTP) also answer in our shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  };
}

/** The gateway as a Nest application on Fastify, configured but not yet listening. */
export async function createGatewayApp(
  env: GatewayEnvironment,
  logger: AppLogger,
): Promise<NestFastifyApplication> {
  const options = fastifyOptions(env);
  const lane = new PriceLane(LANE_PATHS, options);
  const adapter = new FastifyAdapter({
    ...options,
    serverFactory: lane.serverFactory,
    // No Nest middleware here: without @fastify/middie, no request runs its hook for nothing.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(env, logger), adapter, {
    logger: new NestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const requestLog = env.LOG_REQUESTS ? logger : undefined;
  const envelope = new RequestEnvelope(app.get(HttpMetrics), env.REQUEST_DEADLINE_MS, requestLog);
  // Before any route is registered: each route gets the envelope's hooks as it is added.
  envelope.surround(fastify);
  const queries = new QueryValidationPipe();
  app.useGlobalPipes(queries);
  serveOnLane(app, lane, { envelope, queries, logger });
  // Sets the refresh-token cookie of the auth operations; they parse it themselves (refreshTokenOf),
  // so no other request pays for a cookie hook.
  await app.register(fastifyCookie, { hook: false });
  await serveStripeWebhooks(app);
  // Raw WebSockets on the HTTP port; the streaming gateways claim the three price paths.
  app.useWebSocketAdapter(new GatewayWsAdapter(app, logger, app.get(WsMetrics)));
  // Only the stop signals: Nest's default also stops on SIGUSR2, which Node's --heapsnapshot-signal uses.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  // As the gateway starts closing, the lane answers 503 too (Fastify's return503OnClosing).
  fastify.addHook('preClose', () => lane.fastify.close());
  serveOpenApi(app, env.PUBLIC_BASE_URL);
  await lane.fastify.ready();
  return app;
}
