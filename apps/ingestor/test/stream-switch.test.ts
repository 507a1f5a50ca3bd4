import type { RunningApp } from '@pds/testing';
import { HistoryQueueProbe } from './support/history-queue';
import { eventually, isMsg, type Sim, startIngestor, startSim, TestStore } from './support/stack';

interface SimStats {
  readonly streamConnections: number;
  readonly connectionsOpened: number;
}

describe('ingestor: serverShutdown makes it switch connections without a gap', () => {
  const store = new TestStore('ingestor-switch');
  const jobs = new HistoryQueueProbe(store.keys);
  let sim: Sim;
  let ingestor: RunningApp;

  async function simStats(): Promise<SimStats> {
    const response = await fetch(`${sim.restUrl}/sim/stats`);
    return (await response.json()) as SimStats;
  }

  async function connections(): Promise<number> {
    return (await simStats()).streamConnections;
  }

  async function priceOf(trade: { time: number }): Promise<void> {
    await eventually(async () => {
      const price = await store.price();
      return price && Date.parse(price.time) >= trade.time ? price : undefined;
    }, `the price of the trade at ${trade.time}`);
  }

  beforeAll(async () => {
    // Only injected trades, so every trade is accounted for; the old connection outlives the switch.
    sim = await startSim({ SIM_SHUTDOWN_GRACE_MS: '30000' });
    ingestor = await startIngestor(store.prefix, sim, { STREAM_SILENCE_MS: '60000' });
    await ingestor.waitForLog(isMsg('leader'));
    await eventually(async () => ((await connections()) === 1 ? true : undefined), 'the first connection');
  });

  afterAll(async () => {
    await ingestor.stop();
    await sim.app.stop();
    await jobs.close();
    await store.close();
  });

  it('opens the new connection first, takes every trade once, then closes the old one', async () => {
    await priceOf(await sim.trade('97000.00', '0.1'));
    const { connectionsOpened } = await simStats();
    await sim.post('/sim/shutdown-notice');
    const duringNotice = await sim.trade('97000.01', '0.1'); // on the old connection only, most likely
    // Counted, not polled live: the overlap ends with the new connection's first push (a kline
    // update within a second or two), which a poll on a busy machine can miss.
    await eventually(
      async () => ((await simStats()).connectionsOpened > connectionsOpened ? true : undefined),
      'the replacement connection',
    );
    const duringOverlap = await sim.trade('97000.02', '0.1'); // on both while they overlap: a duplicate
    await ingestor.waitForLog(isMsg('stream-switched', { reason: 'server-shutdown' }));
    const afterSwitch = await sim.trade('97000.03', '0.1');
    await priceOf(afterSwitch);
    expect(duringOverlap.id).toBeGreaterThan(duringNotice.id);

    await eventually(
      async () => ((await connections()) === 1 ? true : undefined),
      'the old connection closed',
    );
    const stats = await ingestor.waitForLog(
      (entry) => entry.msg === 'stats' && entry.tradesSeen === 4 && entry.switches === 1,
    );
    expect(stats).toMatchObject({ reconnects: 0, malformedFrames: 0 });
    expect(ingestor.output.some((line) => line.includes('"msg":"reconnected"'))).toBe(false);
    expect(ingestor.output.some((line) => line.includes('"msg":"gap-recorded"'))).toBe(false);
    expect(await jobs.waitingJobs()).toEqual([]);
  });
});
