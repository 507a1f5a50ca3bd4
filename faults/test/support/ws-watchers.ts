import { connect, CURRENT_KLINE, PRICE, type StreamClient, wsUrl } from '@pds/testing';
import { pause } from './sim-clock';

type Frame = Record<string, unknown>;

/** The streams each gateway serves the fault suite's WebSocket clients. */
export const WATCHED = [
  { path: PRICE, query: {} },
  { path: CURRENT_KLINE, query: { interval: '1m' } },
] as const;

export interface Watcher {
  readonly path: string;
  readonly client: StreamClient;
}

export function streamUrl(baseUrl: string, path: string, apiKey: string): string {
  const query = WATCHED.find((watched) => watched.path === path)?.query ?? {};
  return wsUrl(baseUrl, path, { ...query, apiKey });
}

/** One client per watched stream on the gateway at `baseUrl`, each past its snapshot. */
export async function watch(baseUrl: string, apiKey: string): Promise<Watcher[]> {
  return Promise.all(
    WATCHED.map(async ({ path }) => {
      const { client, first } = await connect(streamUrl(baseUrl, path, apiKey));
      if ('code' in first) throw new Error(`${path}: ${JSON.stringify(first)}`);
      return { path, client };
    }),
  );
}

export interface Reconnection {
  readonly client: StreamClient;
  /** Attempts refused with 4429 (the connection limit) before one was let in. */
  readonly refused: number;
  readonly connectedAt: number;
}

/** Connects again and again until a snapshot arrives instead of the connection-limit error. */
export async function reconnectUntilAdmitted(url: string, deadline: number): Promise<Reconnection> {
  let refused = 0;
  for (;;) {
    const { client, first } = await connect(url);
    if (!('code' in first)) return { client, refused, connectedAt: Date.now() };
    if (first.code !== 'RATE_LIMIT_EXCEEDED') throw new Error(`refused: ${JSON.stringify(first)}`);
    refused += 1;
    await client.closedWithin();
    if (Date.now() > deadline) throw new Error(`still refused after ${refused} attempts`);
    await pause(100);
  }
}

/** Whether a frame of `path` carries market data at or after exchange time `time`. */
export function isAtOrAfter(path: string, time: number) {
  return (frame: Frame): boolean => {
    const stamp = path === PRICE ? frame.time : frame.openTime;
    return typeof stamp === 'string' && Date.parse(stamp) >= time;
  };
}
