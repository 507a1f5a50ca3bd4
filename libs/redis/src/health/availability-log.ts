import type { AppLogger } from '@pds/observability';
import type { RedisClient } from '../redis-connection';

/**
 * Logs an outage of `client`'s Redis once when it starts (`redis-unavailable`, the first error) and
 * once when it ends (`redis-available`, how long it lasted and how many connection errors it had),
 * instead of a line per failed reconnect or per request.
 */
export function logAvailability(client: RedisClient, connection: string, logger: AppLogger): void {
  let downSince: number | undefined;
  let errors = 0;
  const lost = (error?: Error): void => {
    errors += 1;
    if (downSince !== undefined) return;
    downSince = Date.now();
    logger.warn({ connection, error: error?.message ?? 'connection closed' }, 'redis-unavailable');
  };
  client.on('error', lost);
  // Not 'close': a QUIT at shutdown closes too, but only a lost connection reconnects.
  client.on('reconnecting', () => {
    lost();
  });
  client.on('ready', () => {
    if (downSince === undefined) return;
    logger.info({ connection, downMs: Date.now() - downSince, errors }, 'redis-available');
    downSince = undefined;
    errors = 0;
  });
}
