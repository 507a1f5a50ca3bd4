import type { RunningApp } from '@pds/testing';
import { eventually, isMsg, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

type LogEntry = Record<string, unknown>;

/** Short lease times so fail-overs happen in seconds; the defaults are 5000/1500/500 ms. */
const LEASE_ENV = { LEASE_TTL_MS: '1500', LEASE_RENEW_MS: '500', LEASE_POLL_MS: '200' };

describe('ingestor: one leader writes, hot standbys take over', () => {
  const store = new TestStore('ingestor-leadership');
  const ingestors = new Map<string, RunningApp>();
  let sim: Sim;

  async function start(id: string): Promise<RunningApp> {
    const app = await startIngestor(store.prefix, sim, { ...LEASE_ENV, INGESTOR_ID: id });
    ingestors.set(id, app);
    return app;
  }

  async function leaseOwner(): Promise<string | null> {
    return store.redis.get(store.keys.ingestorLease(SYMBOL));
  }

  /** Resolves once a trade injected now is the latest price in Redis: someone is writing. */
  async function someoneWrites(): Promise<void> {
    const trade = await sim.trade('98765.43', '0.02');
    await eventually(async () => {
      const price = await store.price();
      return price && Date.parse(price.time) >= trade.time ? price : undefined;
    }, 'a written price');
  }

  function lastStats(app: RunningApp): LogEntry {
    const lines = app.output.filter((line) => line.includes('"msg":"stats"'));
    return JSON.parse(lines[lines.length - 1] ?? '{}') as LogEntry;
  }

  beforeAll(async () => {
    sim = await startSim({ SIM_TRADES_PER_SECOND: '10' });
    const a = await start('ingestor-a');
    await a.waitForLog(isMsg('leader'));
    const b = await start('ingestor-b');
    await b.waitForLog(isMsg('standby'));
  });

  afterAll(async () => {
    await Promise.all([...ingestors.values()].map((app) => app.stop()));
    await sim.app.stop();
    await store.close();
  });

  it('lets exactly one of two ingestors write, while the standby follows the same stream', async () => {
    expect(await leaseOwner()).toBe('ingestor-a');
    await someoneWrites();
    const a = ingestors.get('ingestor-a')!;
    const b = ingestors.get('ingestor-b')!;
    await b.waitForLog((entry) => entry.msg === 'stats' && (entry.tradesSeen as number) > 0);
    await a.waitForLog((entry) => entry.msg === 'stats' && (entry.stepsWritten as number) > 0);
    expect(lastStats(b)).toMatchObject({ role: 'standby', stepsWritten: 0, stepsRefused: 0 });
    expect(b.output.some((line) => line.includes('"msg":"leader"'))).toBe(false);
  });

  it('fences a leader that lost its lease: it steps down and nothing is written without the lease', async () => {
    const a = ingestors.get('ingestor-a')!;
    const b = ingestors.get('ingestor-b')!;
    // Someone else holds the lease now (as after a pause longer than the TTL).
    await store.redis.set(store.keys.ingestorLease(SYMBOL), 'intruder', 'PX', 4000);
    const steppedDown = await a.waitForLog(isMsg('standby', { ingestorId: 'ingestor-a' }));
    expect(['lease-lost', 'fenced']).toContain(steppedDown.reason);
    const trade = await sim.trade('11111.11', '0.01');
    const sawIt = (entry: LogEntry): boolean =>
      entry.msg === 'stats' && (entry.lastEventTime as number) >= trade.time && entry.role === 'standby';
    await Promise.all([a.waitForLog(sawIt), b.waitForLog(sawIt)]);
    const price = await store.price();
    expect(await leaseOwner()).toBe('intruder');
    expect(Date.parse(price!.time)).toBeLessThan(trade.time);
    // Once the intruder's lease expires, a real ingestor takes over and writes again.
    await eventually(
      async () => ((await leaseOwner())?.startsWith('ingestor-') ? true : undefined),
      'a new leader',
    );
    await someoneWrites();
  });

  it('after kill -9 of the leader, the standby takes over and writes within 10 s', async () => {
    const leaderId = (await leaseOwner())!;
    const standbyId = leaderId === 'ingestor-a' ? 'ingestor-b' : 'ingestor-a';
    const standby = ingestors.get(standbyId)!;
    const leaderLines = standby.output.filter((line) => line.includes('"msg":"leader"')).length;
    await ingestors.get(leaderId)!.stop('SIGKILL');
    ingestors.delete(leaderId);
    const lastWritten = Number(await store.redis.get(store.keys.lastEventTime(SYMBOL)));
    await eventually(
      async () =>
        Promise.resolve(
          standby.output.filter((line) => line.includes('"msg":"leader"')).length > leaderLines || undefined,
        ),
      'the standby to lead',
      10_000,
    );
    await someoneWrites();
    expect(await leaseOwner()).toBe(standbyId);
    // It asks for the span nobody wrote to be repaired from history: from the dead leader's last write.
    const gap = await standby.waitForLog(isMsg('gap-recorded', { reason: 'takeover', from: lastWritten }));
    expect(gap.to).toBeGreaterThan(lastWritten);
  });

  it('on SIGTERM the leader releases the lease at once, a standby takes over, and it exits 0', async () => {
    const leaderId = (await leaseOwner())!;
    const leader = ingestors.get(leaderId)!;
    const c = await start('ingestor-c');
    await c.waitForLog(isMsg('standby'));
    await leader.stop('SIGTERM');
    ingestors.delete(leaderId);
    expect(leader.process.exitCode).toBe(0);
    expect(leader.output.some((line) => line.includes('"msg":"lease-released"'))).toBe(true);
    await c.waitForLog(isMsg('leader'), 2000 + 1000);
    await someoneWrites();
    expect(await leaseOwner()).toBe('ingestor-c');
  });

  it('on start-up asks for the span since the stored lastEventTime to be repaired', async () => {
    for (const [id, app] of ingestors) {
      await app.stop('SIGTERM');
      ingestors.delete(id);
    }
    const lastWritten = Number(await store.redis.get(store.keys.lastEventTime(SYMBOL)));
    const d = await start('ingestor-d');
    await d.waitForLog(isMsg('leader'));
    const gap = await d.waitForLog(isMsg('gap-recorded', { reason: 'takeover', from: lastWritten }));
    expect(gap.to).toBeGreaterThan(lastWritten);
  });
});
