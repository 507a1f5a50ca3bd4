import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { PriceLane } from './price-lane';

const PATHS = ['/api/v1/prices/current', '/api/v1/prices/klines', '/api/v1/prices/klines/current'];

/** Who answered: the lane's routes and the main instance's say so in their body. */
function answeringFrom(fastify: FastifyInstance, who: string): void {
  for (const path of PATHS) fastify.get(path, () => `${who} ${path}`);
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(`${who} 404`));
}

describe('PriceLane', () => {
  let lane: PriceLane;
  let main: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    lane = new PriceLane(PATHS, { logger: false, keepAliveTimeout: 12_345 });
    answeringFrom(lane.fastify, 'lane');
    await lane.fastify.ready();
    main = Fastify({ logger: false, keepAliveTimeout: 12_345, serverFactory: lane.serverFactory });
    answeringFrom(main, 'main');
    main.post(PATHS[0] ?? '', () => 'main post');
    await main.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(main.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await main.close();
    await lane.fastify.close();
  });

  const answerOf = async (path: string, init?: RequestInit): Promise<string> =>
    (await fetch(`${base}${path}`, init)).text();

  it('should take GET of each of its paths exactly, with or without a query', async () => {
    for (const path of PATHS) {
      await expect(answerOf(path)).resolves.toBe(`lane ${path}`);
      await expect(answerOf(`${path}?interval=1m&limit=5`)).resolves.toBe(`lane ${path}`);
    }
  });

  it('should take HEAD of its paths, which Fastify answers without a body', async () => {
    const response = await fetch(`${base}${PATHS[0]}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(`lane ${PATHS[0]}`.length);
    await expect(response.text()).resolves.toBe('');
  });

  it('should leave every other request to the main instance: other methods, paths and forms of its paths', async () => {
    await expect(answerOf(PATHS[0] ?? '', { method: 'POST' })).resolves.toBe('main post');
    await expect(answerOf('/api/v1/prices/%63urrent')).resolves.toBe('main /api/v1/prices/current');
    await expect(answerOf('/api/v1/prices/currently')).resolves.toBe('main 404');
    await expect(answerOf('/api/v1/prices/current/')).resolves.toBe('main 404');
    await expect(answerOf('/api/v1/prices')).resolves.toBe('main 404');
  });

  it('should give the server the timeouts Fastify would have set on its own', () => {
    expect(main.server.keepAliveTimeout).toBe(12_345);
  });
});
