import { type Sim, startExchangeSim } from '@pds/testing';
import { attempt, BINANCE_PROBE, type FeedProbe, KRAKEN_PROBE } from './dark-probe';
import { StreamClient } from './stream-client';

const CLOSED_ABNORMALLY = 1006;
/** Kraken heartbeats every second: a silence must outlast that to show none came. */
const LONGER_THAN_A_HEARTBEAT_MS = 1500;

describe.each([BINANCE_PROBE, KRAKEN_PROBE])('exchange-sim as $exchange going dark', (probe: FeedProbe) => {
  let sim: Sim;
  const clients: StreamClient[] = [];

  async function subscribed(): Promise<StreamClient> {
    const client = await probe.subscribe(sim);
    clients.push(client);
    return client;
  }

  async function rest(): Promise<{ status: number; body: string }> {
    const response = await fetch(`${sim.restUrl}${probe.restPath}`);
    return { status: response.status, body: await response.text() };
  }

  /** Back to light, a fresh connection receives the next trade: the feed is live again. */
  async function expectLiveAgain(): Promise<void> {
    await sim.light();
    const client = await subscribed();
    const trade = await sim.trade('97000.00', '0.10000');
    await client.nextRaw(probe.carries(trade.id));
    expect((await sim.stats()).mode).toBe('light');
  }

  beforeAll(async () => {
    sim = await startExchangeSim({ SIM_EXCHANGE: probe.exchange });
  });

  afterEach(async () => {
    await sim.light();
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await sim.app.stop();
  });

  it('silent: connections stay open and receive nothing, new ones too; REST answers; light resumes', async () => {
    const open = await subscribed();
    await sim.dark('silent');
    const seen = open.rawFrames.length;
    const unseen = await sim.trade('96500.10', '0.20000');
    const late = await StreamClient.open(`${sim.wsUrl}${probe.path}`);
    clients.push(late);
    expect((await rest()).status).toBe(200);
    expect((await sim.stats()).mode).toBe('silent');
    // Nothing can be awaited to show that nothing comes: let more than a heartbeat period pass.
    await new Promise((resolve) => setTimeout(resolve, LONGER_THAN_A_HEARTBEAT_MS));
    expect(open.rawFrames.slice(seen)).toEqual([]);
    expect(late.rawFrames).toEqual([]);
    await sim.light();
    const marker = await sim.trade('96500.20', '0.20000');
    await open.nextRaw(probe.carries(marker.id));
    expect(open.rawFrames.some(probe.carries(unseen.id))).toBe(false);
  });

  it('refuse: open connections are dropped and new ones refused at the socket; REST answers', async () => {
    const open = await subscribed();
    await sim.dark('refuse');
    expect(await open.closed()).toBe(CLOSED_ABNORMALLY);
    expect(await attempt(`${sim.wsUrl}${probe.path}`)).toEqual({ kind: 'dropped' });
    expect((await rest()).status).toBe(200);
    await expectLiveAgain();
  });

  it('451: every request and upgrade gets the restricted-location answer, open connections drop', async () => {
    const open = await subscribed();
    await sim.dark('451');
    expect(await open.closed()).toBe(CLOSED_ABNORMALLY);
    const { status, body } = probe.restricted;
    expect(await rest()).toEqual({ status, body });
    expect(await attempt(`${sim.wsUrl}${probe.path}`)).toEqual({ kind: 'answered', status, body });
    expect((await sim.stats()).mode).toBe('451');
    await expectLiveAgain();
    expect((await rest()).status).toBe(200);
  });

  it('cut: every connection is dropped, a new one right after it opens with no market data; REST answers', async () => {
    const open = await subscribed();
    await sim.dark('cut');
    expect(await open.closed()).toBe(CLOSED_ABNORMALLY);
    const fresh = await StreamClient.open(`${sim.wsUrl}${probe.path}`);
    clients.push(fresh);
    await sim.trade('96400.00', '0.10000');
    expect(await fresh.closed()).toBe(CLOSED_ABNORMALLY);
    expect(fresh.rawFrames).toEqual([]);
    expect((await rest()).status).toBe(200);
    await expectLiveAgain();
  });

  it('keeps the market trading while dark: trades booked in the dark are in the history afterwards', async () => {
    await sim.dark('refuse');
    const before = (await sim.stats()).tradeCount;
    const booked = await sim.trade('95555.50', '0.40000');
    await sim.light();
    expect((await sim.stats()).tradeCount).toBe(before + 1);
    const minute = Math.floor(booked.time / 60_000) * 60_000;
    if (probe.exchange === 'kraken') {
      const klines = await sim.krakenKlines('1m', minute - 1000);
      expect(klines.find((kline) => Date.parse(kline.openTime) === minute)?.close).toBe('95555.5');
    } else {
      const klines = await sim.klines('1m', { startTime: minute, endTime: minute });
      expect(klines[0]?.close).toBe('95555.50000000');
    }
  });
});
