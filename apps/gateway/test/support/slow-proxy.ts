import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface SlowProxy {
  readonly port: number;
  /** Every chunk Redis sends from now on reaches the client this much later (0: at once). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * Relays each chunk from `target` to the client, in order, each held back by the current delay:
 * a Redis that is slow (a few hundred ms per reply) or all but silent (seconds). Written here rather
 * than taken from a tool (toxiproxy) so the test needs nothing but Node.
 */
function relaySlowly(from: Socket, to: Socket, proxy: SlowProxy): void {
  let releasedAt = 0;
  from.on('data', (chunk: Buffer) => {
    releasedAt = Math.max(Date.now() + proxy.delayMs, releasedAt);
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, releasedAt - Date.now());
  });
}

export async function startSlowProxy(targetPort: number): Promise<SlowProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    relaySlowly(upstream, client, proxy);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  const proxy: SlowProxy = {
    port: address.port,
    delayMs: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  return proxy;
}
