import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DarkMode } from './dark-mode';
import type { RestrictedAnswer } from './restricted-answer';

const CONTROL_PREFIX = '/sim/';

/**
 * In dark mode `451` every request but the sim's own controls gets the restricted-location answer,
 * before routing and before any rate limit counts it. The other dark modes leave REST answering.
 */
export function registerDarkRest(fastify: FastifyInstance, dark: DarkMode, answer: RestrictedAnswer): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (dark.mode !== '451' || request.url.startsWith(CONTROL_PREFIX)) return;
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
}
