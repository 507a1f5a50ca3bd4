import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

/**
 * The baseline of the WebSocket benchmark: a bare `ws` server that forwards every message of one
 * Redis channel (CHANNEL) to every connected client, with no auth, snapshot or conflation.
 */
async function main(): Promise<void> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  const listening = new Promise((resolve) => server.once('listening', resolve));
  const subscriber = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await subscriber.subscribe(process.env.CHANNEL ?? '');
  subscriber.on('message', (_channel: string, message: string) => {
    for (const client of server.clients) client.send(message);
  });
  await listening;
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ msg: 'ready', port })}\n`);
}

void main();
