import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { exitOnTerm } from './exit-on-term';

/**
 * The baseline of the REST benchmark: bare Fastify answering the same paths with the same JSON
 * bodies as the gateway, read once from BODIES_FILE ({ "<path>": "<body>" }). No auth, no Redis.
 */
async function main(): Promise<void> {
  exitOnTerm();
  const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE ?? '', 'utf8')) as Record<string, string>;
  const app = Fastify({ logger: false });
  for (const [path, body] of Object.entries(bodies)) {
    app.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ msg: 'ready', port: Number(new URL(address).port) })}\n`);
}

void main();
