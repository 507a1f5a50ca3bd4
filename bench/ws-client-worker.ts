import { Redis } from 'ioredis';
import type { ToClients, FromClients } from './ws-client-process';
import { ClientPool, FanOutRecorder } from './ws-clients';

/**
 * The benchmark's client sockets, in a process of their own so that reading tens of thousands of
 * frames a second does not share an event loop with the orchestration. Driven over IPC by
 * ClientProcess; follows the Redis channels itself to know each frame's trade time.
 */
const recorder = new FanOutRecorder();
const pool = new ClientPool(recorder);
let subscriber: Redis | undefined;

function reply(message: FromClients): void {
  if (process.connected) process.send?.(message);
}

async function follow(redisUrl: string, priceChannel: string, channel: string): Promise<void> {
  subscriber = new Redis(redisUrl);
  subscriber.on('message', (from: string, message: string) => {
    if (from === priceChannel) recorder.onPrice(message);
    if (from === channel) recorder.onPublished(message);
  });
  await subscriber.subscribe(...new Set([priceChannel, channel]));
}

async function handle(command: ToClients): Promise<void> {
  switch (command.type) {
    case 'open': {
      await follow(command.redisUrl, command.priceChannel, command.channel);
      const timer = setInterval(() => {
        reply({ type: 'progress', progress: pool.progress() });
      }, 1000);
      const progress = await pool.open(command.options).finally(() => {
        clearInterval(timer);
      });
      reply({ type: 'opened', progress });
      return;
    }
    case 'start':
      recorder.start();
      return;
    case 'stop':
      reply({ type: 'recorded', window: await recorder.stop(), progress: pool.progress() });
      return;
    case 'close':
      pool.closeAll();
      subscriber?.disconnect();
      process.disconnect();
      return;
  }
}

process.on('message', (command: ToClients) => {
  handle(command).catch((error: unknown) => {
    reply({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  });
});
