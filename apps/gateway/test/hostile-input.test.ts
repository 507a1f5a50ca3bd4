import { PRICE, type RunningApp, scrapeMetrics } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { hostileRequests } from './support/hostile-requests';
import { eventually } from './support/live-market';
import { seedMarket } from './support/market-fixture';
import { rawRequest } from './support/raw-http';
import { clientFrame, RawWebSocket } from './support/raw-websocket';

const TEXT = 0x1;
const UNKNOWN_OPCODE = 0x3;

/** Lines a client could make the gateway print at error level, or that are not JSON at all. */
function alarmingLines(output: readonly string[]): string[] {
  return output.filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: unknown };
      return entry.level === 'error' || entry.level === 'fatal';
    } catch {
      return true;
    }
  });
}

/** Acceptance: whatever bytes a client sends, the answer is ours, never a 5xx, never an error log line. */
describe('hostile input', () => {
  let harness: GatewayHarness;
  let gateway: RunningApp;
  let key: string;

  beforeAll(async () => {
    harness = await gatewayHarness('hostile-input');
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 1000, wsConnections: 20 }));
    gateway = await harness.startGateway();
  });

  afterAll(async () => {
    await harness.close();
  });

  it('should answer every malformed request with its status and a {code, message} body', async () => {
    for (const hostile of hostileRequests(key)) {
      const response = await rawRequest(gateway.port, hostile.request);
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect({ name: hostile.name, status: response.status }).toEqual({
        name: hostile.name,
        status: hostile.status,
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(typeof body.code).toBe('string');
      expect(typeof body.message).toBe('string');
    }
  });

  it.each([
    ['an unmasked frame', 1002, clientFrame(TEXT, Buffer.from('hello'), false)],
    ['a frame with an unknown opcode', 1002, clientFrame(UNKNOWN_OPCODE, Buffer.from('hello'))],
    ['a text frame that is not UTF-8', 1007, clientFrame(TEXT, Buffer.from([0xc3, 0x28, 0xff]))],
    ['a frame over 4 KiB', 1009, clientFrame(TEXT, Buffer.alloc(5000, 0x61))],
  ])('should close a stream that sends %s with close code %i', async (_name, code, frame) => {
    const socket = await RawWebSocket.open(gateway.port, `${PRICE}?apiKey=${key}`);
    await socket.firstFrame;
    socket.send(frame);
    expect(await socket.closeCode()).toBe(code);
    socket.destroy();
  });

  it('should count client protocol errors in a metric', async () => {
    const counted = await eventually(async () => {
      const scrape = await scrapeMetrics(gateway);
      const total = scrape.value('pds_ws_client_protocol_errors_total') ?? 0;
      return total >= 6 ? scrape : undefined;
    }, 'six client protocol errors counted');
    for (const reason of [
      'WS_ERR_EXPECTED_MASK',
      'WS_ERR_INVALID_OPCODE',
      'WS_ERR_INVALID_UTF8',
      'handshake',
    ]) {
      expect(counted.value('pds_ws_client_protocol_errors_total', { reason })).toBeGreaterThanOrEqual(1);
    }
    expect(
      counted.value('pds_ws_client_protocol_errors_total', { reason: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }),
    ).toBe(1);
  });

  it('should still serve after all of it, with no error-level or non-JSON log line', async () => {
    const response = await fetch(`${harness.url()}${PRICE}`, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(alarmingLines(gateway.output)).toEqual([]);
  });
});
