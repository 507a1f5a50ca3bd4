import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * How one row of a REST klines page is damaged (CONTRACT section 11, "History rows are checked one
 * by one"), each breaking one rule while the rest of the page stays the exchange's.
 */
export const ROW_DAMAGES = {
  'high-below-low': { reason: 'ohlc' },
  'close-above-high': { reason: 'ohlc' },
  'negative-volume': { reason: 'not-positive' },
  'trade-count-2^53+1': { reason: 'trade-count' },
  'price-abc': { reason: 'malformed' },
  'open-time-a-day-ahead': { reason: 'malformed' },
} as const;
export type RowDamage = keyof typeof ROW_DAMAGES;

/** Written into the JSON as text: 2^53+1 has no exact double, so it cannot go through JSON.stringify. */
const TRADES_PLACEHOLDER = 9_999_999_991;
const TWO_POW_53_PLUS_1 = '9007199254740993';
const DAY_MS = 86_400_000;

export interface RowDamagingProxy {
  /** The proxy's base URL: use it in place of the exchange's REST URL. */
  readonly url: string;
  /** The damage done to one row (the middle one) of each klines page from now on; none: relayed as is. */
  damage: RowDamage | undefined;
  /** Open times (epoch ms, as the exchange had them) of the rows damaged so far. */
  readonly damaged: readonly number[];
  close(): Promise<void>;
}

function damageRow(row: unknown[], damage: RowDamage): void {
  const price = (index: number): number => Number(row[index]);
  switch (damage) {
    case 'high-below-low':
      row[2] = (price(3) / 2).toFixed(8);
      break;
    case 'close-above-high':
      row[4] = (price(2) + 1).toFixed(8);
      break;
    case 'negative-volume':
      row[5] = '-1.00000000';
      break;
    case 'trade-count-2^53+1':
      row[8] = TRADES_PLACEHOLDER;
      break;
    case 'price-abc':
      row[1] = 'abc';
      break;
    case 'open-time-a-day-ahead':
      row[0] = Number(row[0]) + DAY_MS;
      break;
  }
}

/** The klines body with its middle row damaged, and that row's open time; other bodies unchanged. */
function damagedBody(text: string, damage: RowDamage): { text: string; openTime?: number } {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows) || rows.length === 0) return { text };
  const row = rows[Math.floor(rows.length / 2)] as unknown[];
  const openTime = Number(row[0]);
  damageRow(row, damage);
  return { text: JSON.stringify(rows).replace(String(TRADES_PLACEHOLDER), TWO_POW_53_PLUS_1), openTime };
}

async function relay(
  request: IncomingMessage,
  response: ServerResponse,
  target: string,
  proxy: { damage: RowDamage | undefined; damaged: number[] },
): Promise<void> {
  const upstream = await fetch(`${target}${request.url ?? '/'}`, { method: request.method });
  let text = await upstream.text();
  const isKlines = (request.url ?? '').startsWith('/api/v3/klines') && upstream.ok;
  if (isKlines && proxy.damage) {
    const damaged = damagedBody(text, proxy.damage);
    text = damaged.text;
    if (damaged.openTime !== undefined) proxy.damaged.push(damaged.openTime);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of upstream.headers) {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) {
      headers[name] = value;
    }
  }
  response.writeHead(upstream.status, headers);
  response.end(text);
}

/**
 * An HTTP proxy in front of an exchange's REST API (the simulator) that relays every request and
 * damages one row of each `GET /api/v3/klines` page. Written here rather than taken from a tool so
 * a test needs nothing but Node.
 */
export async function startRowDamagingProxy(targetBaseUrl: string): Promise<RowDamagingProxy> {
  const state = { damage: undefined as RowDamage | undefined, damaged: [] as number[] };
  const server = createServer((request, response) => {
    relay(request, response, targetBaseUrl, state).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    get damage() {
      return state.damage;
    },
    set damage(value) {
      state.damage = value;
    },
    get damaged() {
      return state.damaged;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
