import { HistoryJobName } from '@pds/redis';
import type { RunningApp } from '@pds/testing';
import { HistoryQueueProbe } from './support/history-queue';
import { eventually, isMsg, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

type LogEntry = Record<string, unknown>;

describe('ingestor: surviving the exchange (simulator with a steady trade flow)', () => {
  const store = new TestStore('ingestor-resilience');
  const jobs = new HistoryQueueProbe(store.keys);
  let sim: Sim;
  let ingestor: RunningApp;

  beforeAll(async () => {
    sim = await startSim({ SIM_TRADES_PER_SECOND: '10' });
    ingestor = await startIngestor(store.prefix, sim, { STREAM_SILENCE_MS: '2000' });
    await ingestor.waitForLog(isMsg('leader'));
    await eventually(() => store.price(), 'a first price');
  });

  afterAll(async () => {
    await ingestor.stop();
    await sim.app.stop();
    await jobs.close();
    await store.close();
  });

  async function expectRepairJob(gap: LogEntry): Promise<void> {
    const job = await eventually(
      async () => {
        const waiting = await jobs.waitingJobs();
        return waiting.find((candidate) => candidate.id === gap.jobId);
      },
      `the repair job ${String(gap.jobId)}`,
    );
    expect(job.name).toBe(HistoryJobName.RepairGap);
    expect(job.data).toEqual({ symbol: SYMBOL, from: gap.from, to: gap.to });
  }

  it('reconnects after the exchange drops the connection and records the gap', async () => {
    await sim.post('/sim/disconnect');
    const dropped = (entry: LogEntry): boolean =>
      typeof entry.reason === 'string' && entry.reason.startsWith('closed:');
    await ingestor.waitForLog((entry) => entry.msg === 'stream-disconnected' && dropped(entry));
    const reconnected = await ingestor.waitForLog((entry) => entry.msg === 'reconnected' && dropped(entry));
    expect(reconnected.to).toBeGreaterThan(reconnected.from as number);
    const gap = await ingestor.waitForLog(
      isMsg('gap-recorded', { from: reconnected.from, to: reconnected.to }),
    );
    await expectRepairJob(gap);
  });

  it('treats a silent connection as dead, reconnects, and records the gap', async () => {
    await sim.post('/sim/silence', { ms: 3000 });
    await ingestor.waitForLog(isMsg('stream-disconnected', { reason: 'silence' }));
    const reconnected = await ingestor.waitForLog(isMsg('reconnected', { reason: 'silence' }));
    const gap = await ingestor.waitForLog(
      isMsg('gap-recorded', { from: reconnected.from, to: reconnected.to }),
    );
    await expectRepairJob(gap);
    const before = (await store.price())?.time;
    await eventually(async () => {
      const now = (await store.price())?.time;
      return now !== before ? now : undefined;
    }, 'prices flowing again');
  });

  it('counts and skips malformed and unexpected frames, and keeps going', async () => {
    await sim.post('/sim/malformed', { kind: 'invalid-json' });
    await sim.post('/sim/malformed', { kind: 'binary' });
    await sim.post('/sim/malformed', { kind: 'unknown-event' });
    await ingestor.waitForLog(
      (entry) =>
        entry.msg === 'stats' &&
        (entry.malformedFrames as number) >= 2 &&
        (entry.unexpectedFrames as number) >= 1,
    );
    const trade = await sim.trade('123456.78', '0.01');
    await eventually(async () => {
      const price = await store.price();
      return price && Date.parse(price.time) >= trade.time ? price : undefined;
    }, 'a price after the malformed frames');
    expect(ingestor.process.exitCode).toBeNull();
  });
});
