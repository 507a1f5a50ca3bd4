import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveStreamEvents } from '../live-stream';
import { deathReasonOf } from './stream-connection';
import { ExchangeLiveStream } from './exchange-live-stream';
import type { StreamWireFormat } from './wire-format';

/** A wire format that never gets as far as a frame: these connections fail at the upgrade. */
const wireFormat: StreamWireFormat = {
  streamUrl: (wsBaseUrl) => `${wsBaseUrl}/stream`,
  subscribeMessages: () => [],
  createDecoder: () => ({ decode: () => ({ kind: 'heartbeat' }) }),
  ping: { autoPong: true },
};

const TUNING = {
  silenceMs: 2_000,
  maxConnectionAgeMs: 60_000,
  reconnectInitialMs: 20,
  reconnectMaxMs: 100,
  connectionsPer5Minutes: 300,
  healthyAfterMs: 1000,
};

/** An HTTP server that answers every WebSocket upgrade with one status, as a blocked exchange does. */
async function refusingUpgrades(status: number): Promise<Server> {
  const server = createServer();
  server.on('upgrade', (_request, socket) => {
    socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function firstDisconnect(wsBaseUrl: string): { stream: ExchangeLiveStream; reason: Promise<string> } {
  const stream = new ExchangeLiveStream({
    ...TUNING,
    wsBaseUrl,
    symbol: 'btcusdt',
    wireFormat,
  });
  const reason = new Promise<string>((resolve) => {
    stream.on('disconnected', (payload: LiveStreamEvents['disconnected']) => {
      resolve(payload.reason);
    });
  });
  stream.start();
  return { stream, reason };
}

describe('ExchangeLiveStream when the exchange will not take the connection', () => {
  it.each([451, 403, 503])('reports disconnected when the upgrade is answered %i', async (status) => {
    const server = await refusingUpgrades(status);
    const { port } = server.address() as AddressInfo;
    const { stream, reason } = firstDisconnect(`ws://127.0.0.1:${port}`);
    try {
      expect(await reason).toBe(`http:${status}`);
    } finally {
      await stream.close();
      server.close();
    }
  });

  it('reports disconnected when the connection is refused', async () => {
    const server = await refusingUpgrades(500);
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    const { stream, reason } = firstDisconnect(`ws://127.0.0.1:${port}`);
    try {
      expect(await reason).toBe('refused');
    } finally {
      await stream.close();
    }
  });
});

describe('deathReasonOf', () => {
  it('names HTTP answers, refusals and other errors', () => {
    expect(deathReasonOf(new Error('Unexpected server response: 451'))).toBe('http:451');
    expect(deathReasonOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'refused',
    );
    expect(deathReasonOf(new Error('socket hang up'))).toBe('error:socket hang up');
    // ws's maxPayload (1 MiB) exceeded: the connection dies as oversize, counted as a refusal.
    const tooLarge = Object.assign(new RangeError('Max payload size exceeded'), {
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    });
    expect(deathReasonOf(tooLarge)).toBe('oversize');
  });
});
