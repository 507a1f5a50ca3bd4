import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

const QUESTION_MARK = 63;

/** A number option of Fastify's (defaults applied), as it sets it on the server it makes itself. */
function numberOption(options: Record<string, unknown>, name: string): number | undefined {
  const value = options[name];
  return typeof value === 'number' ? value : undefined;
}

/**
 * A second Fastify instance that serves the price operations' exact paths (with or without a
 * query, by GET or HEAD) on the gateway's own HTTP server: Nest's adapter gives every route of its
 * instance seven hooks of its own (CORS, security, middleware, versioning, shutdown; none used
 * here), a tenth of a price request's cost, and Fastify passes a parent's hooks to every child
 * context, so only an instance of its own runs without them. Every other request, and any other
 * form of these paths, goes to the main instance, whose routes answer the same way.
 */
export class PriceLane {
  readonly fastify: FastifyInstance;

  constructor(
    private readonly paths: readonly string[],
    options: FastifyServerOptions,
  ) {
    this.fastify = Fastify(options);
  }

  /**
   * The main instance's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose
   * requests for the lane go to it. The lane's instance never listens.
   */
  serverFactory = (
    mainHandler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, unknown>,
  ): Server => {
    const server = createServer((request, response) => {
      if (this.takes(request)) this.fastify.routing(request, response);
      else mainHandler(request, response);
    });
    server.keepAliveTimeout = numberOption(options, 'keepAliveTimeout') ?? server.keepAliveTimeout;
    server.requestTimeout = numberOption(options, 'requestTimeout') ?? server.requestTimeout;
    server.setTimeout(numberOption(options, 'connectionTimeout') ?? 0);
    const maxRequestsPerSocket = numberOption(options, 'maxRequestsPerSocket') ?? 0;
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  /** Whether the request is one of the lane's: GET or HEAD of one of its paths exactly. */
  takes(request: IncomingMessage): boolean {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    for (const path of this.paths) {
      if (
        url.startsWith(path) &&
        (url.length === path.length || url.charCodeAt(path.length) === QUESTION_MARK)
      ) {
        return true;
      }
    }
    return false;
  }
}
