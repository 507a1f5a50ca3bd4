import type { IncomingMessage } from 'node:http';
import type { Sim } from '@pds/testing';
import WebSocket from 'ws';
import { type Frame, StreamClient } from './stream-client';

/** How a test reaches one exchange's live feed and REST, Binance's or Kraken's. */
export interface FeedProbe {
  readonly exchange: 'binance' | 'kraken';
  /** A WebSocket path whose upgrade the exchange accepts. */
  readonly path: string;
  /** A connection subscribed to the trade feed, ready to receive. */
  subscribe(sim: Sim): Promise<StreamClient>;
  /** Whether a received frame carries the trade with this id. */
  carries(id: number): (text: string) => boolean;
  /** A market-data REST request the exchange answers. */
  readonly restPath: string;
  /** The answer to every request from a restricted location. */
  readonly restricted: { readonly status: number; readonly body: string };
}

const BINANCE_RESTRICTED_BODY =
  '{"code":0,"msg":"Service unavailable from a restricted location according to \'b. Eligibility\' in https://www.binance.com/en/terms. Please contact customer service if you believe you received this message in error."}';

export const BINANCE_PROBE: FeedProbe = {
  exchange: 'binance',
  path: '/ws/btcusdt@trade',
  subscribe: (sim) => StreamClient.open(`${sim.wsUrl}/ws/btcusdt@trade`),
  carries: (id) => (text) => text.includes(`"t":${id},`),
  restPath: '/api/v3/ticker/price?symbol=BTCUSDT',
  restricted: { status: 451, body: BINANCE_RESTRICTED_BODY },
};

export const KRAKEN_PROBE: FeedProbe = {
  exchange: 'kraken',
  path: '/v2',
  subscribe: async (sim) => {
    const client = await StreamClient.open(`${sim.wsUrl}/v2`);
    client.send({
      method: 'subscribe',
      params: { channel: 'trade', symbol: ['BTC/USDT'], snapshot: false },
      req_id: 1,
    });
    await client.next((frame: Frame) => frame.req_id === 1 && frame.success === true);
    return client;
  },
  carries: (id) => (text) => text.includes(`"trade_id":${id},`),
  restPath: '/0/public/Ticker?pair=XBTUSDT',
  restricted: { status: 403, body: 'error code: 1009' },
};

/** What became of a connection attempt: opened, answered with an HTTP status, or dropped. */
export type Attempt =
  { kind: 'opened' } | { kind: 'answered'; status: number; body: string } | { kind: 'dropped' };

/** Tries to open a WebSocket; an opened one is dropped again at once. */
export function attempt(url: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_request, response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => {
        resolve({ kind: 'answered', status: response.statusCode ?? 0, body });
      });
      socket.on('error', () => undefined);
    });
    socket.on('error', () => {
      resolve({ kind: 'dropped' });
    });
    socket.on('open', () => {
      socket.terminate();
      resolve({ kind: 'opened' });
    });
  });
}
