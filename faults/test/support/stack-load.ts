import { CURRENT_KLINE, eventually, PRICE } from '@pds/testing';
import type { DisposableRedis, FaultStack } from './fault-stack';
import { HttpLoad } from './http-load';
import type { MarketStore } from './market-store';
import { watch, type Watcher } from './ws-watchers';

export const LOAD_PATHS = [PRICE, '/api/v1/prices/klines?interval=1m&limit=100'];

export const gatewayUrl = (stack: FaultStack<DisposableRedis>, index: number): string =>
  `http://127.0.0.1:${stack.gateways[index]?.port ?? 0}`;

export const loadTarget = (index: number): string => `gateway-${index}`;

/** Resolves once a trade booked from now on is the latest price in Redis: the market is written again. */
export async function writesFlow(
  stack: FaultStack<DisposableRedis>,
  store: MarketStore,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const trade = await stack.feed.next();
  await eventually(
    async () => {
      const price = await store.price();
      return price && Date.parse(price.time) >= trade.time ? true : undefined;
    },
    `${what}: the price of a trade booked at ${trade.time}`,
    timeoutMs,
  );
}

/**
 * Once the market is written and the open 1m kline is served: HTTP loops on both gateways and both
 * LOAD_PATHS, and WebSocket clients on each gateway past their snapshots.
 */
export async function startLoad(
  stack: FaultStack<DisposableRedis>,
  store: MarketStore,
): Promise<{ load: HttpLoad; watchers: Watcher[][] }> {
  await writesFlow(stack, store, 'start-up');
  // The WebSocket snapshots need the open kline too, which comes with the exchange's first push.
  await eventually(async () => {
    const response = await fetch(`${gatewayUrl(stack, 0)}${CURRENT_KLINE}?interval=1m`, {
      headers: { 'x-api-key': stack.key },
    });
    return response.status === 200 ? true : undefined;
  }, 'the open 1m kline');
  const load = new HttpLoad(stack.key, 20);
  load.start(
    stack.gateways.map((_, index) => ({ name: loadTarget(index), baseUrl: gatewayUrl(stack, index) })),
    LOAD_PATHS,
  );
  const watchers = await Promise.all(
    stack.gateways.map((_, index) => watch(gatewayUrl(stack, index), stack.key)),
  );
  return { load, watchers };
}
