import { DEFAULT_SYMBOL, type Kline } from '@pds/market';
import { createRedis, RedisKeys } from '@pds/redis';
import type { AuditEnvironment } from './audit.environment';
import type { AuditOptions } from './audit-options';

const PAGE = 1000;

/** The closed klines this deployment stores for the range, straight from Redis. */
export async function storedInRedis(env: AuditEnvironment, options: AuditOptions): Promise<Kline[]> {
  const redis = createRedis(env, { connectionName: 'audit-history', offlineQueue: true });
  try {
    const key = new RedisKeys(env.REDIS_PREFIX).closedKlines(DEFAULT_SYMBOL, options.interval);
    const members = await redis.zrangebyscore(key, options.from, options.to);
    return members.map((member) => JSON.parse(member) as Kline);
  } finally {
    await redis.quit();
  }
}

/** The closed klines a running gateway serves for the range, through its getKlines, page by page. */
export async function servedByGateway(
  env: AuditEnvironment,
  options: AuditOptions,
  gateway: string,
): Promise<Kline[]> {
  const all: Kline[] = [];
  for (let cursor = options.from; ;) {
    const query = new URLSearchParams({
      interval: options.interval,
      from: new Date(cursor).toISOString(),
      to: new Date(options.to).toISOString(),
      limit: String(PAGE),
    });
    const response = await fetch(`${gateway}/api/v1/prices/klines?${query.toString()}`, {
      headers: env.AUDIT_API_KEY ? { 'x-api-key': env.AUDIT_API_KEY } : {},
    });
    if (!response.ok) throw new Error(`the gateway answered ${response.status}: ${await response.text()}`);
    const { klines } = (await response.json()) as { klines: Kline[] };
    all.push(...klines.filter((kline) => kline.isClosed));
    const last = klines.at(-1);
    if (!last || klines.length < PAGE) return all;
    cursor = Date.parse(last.openTime) + 1;
  }
}
