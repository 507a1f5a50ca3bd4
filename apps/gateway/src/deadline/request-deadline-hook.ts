import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestDeadline, withDeadline } from './request-deadline';

const DEADLINES = new WeakMap<FastifyRequest, RequestDeadline>();

/**
 * Gives every HTTP request a Redis deadline from its arrival: the rest of its hooks and its handler
 * run inside it (done() is called within), and answering ends it.
 */
export function boundEveryRequest(fastify: FastifyInstance, budgetMs: number): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    withDeadline(budgetMs, (deadline) => {
      DEADLINES.set(request, deadline);
      done();
    });
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    DEADLINES.get(request)?.end();
    done();
  });
}
