import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Readiness } from './readiness';

export interface MetricsServerOptions {
  readonly registry: Registry;
  readonly host: string;
  /** 0 lets the kernel pick a free port. */
  readonly port: number;
  /** Serves `GET /ready` when given. */
  readonly readiness?: () => Promise<Readiness>;
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function sendMetrics(response: ServerResponse, registry: Registry): Promise<void> {
  const text = await registry.metrics();
  response.writeHead(200, { 'content-type': registry.contentType });
  response.end(text);
}

async function sendReadiness(response: ServerResponse, check: () => Promise<Readiness>): Promise<void> {
  const readiness = await check().catch((error: unknown): Readiness => ({
    ready: false,
    reason: `readiness check failed: ${String(error)}`,
  }));
  sendJson(response, readiness.ready ? 200 : 503, readiness);
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  options: MetricsServerOptions,
): Promise<void> {
  if (request.method !== 'GET') {
    sendJson(response, 405, { message: 'only GET' });
    return;
  }
  const path = (request.url ?? '/').split('?', 1)[0];
  if (path === '/metrics') await sendMetrics(response, options.registry);
  else if (path === '/health') sendJson(response, 200, { status: 'ok' });
  else if (path === '/ready' && options.readiness) await sendReadiness(response, options.readiness);
  else sendJson(response, 404, { message: 'not found' });
}

/**
 * A plain HTTP server on a port of its own for Prometheus (`GET /metrics`, text format), liveness
 * (`GET /health`) and readiness (`GET /ready`): scrapes and probes never share the API's port,
 * its limits or its logs.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    answer(request, response, options).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { message: String(error) });
      else response.destroy();
    });
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
