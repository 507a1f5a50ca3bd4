import {
  FixedWindowCounter,
  type AllotmentPolicy,
  type LuaScript,
  type RedisClient,
  RedisScripts,
  type RunScript,
} from '@pds/redis';

/**
 * Redis' own length of each window: far longer than a run, so that a window ends only when the model
 * ends it (CounterReplicas.endWindow), never by itself.
 */
export const WINDOW_MS = 60_000;

/** Allotments for limits of tens of hits, so a run reaches each window's limit in a few hundred hits. */
export const ALLOTMENTS: AllotmentPolicy = {
  minLimit: 32,
  limitShare: 8,
  allotmentMs: 100,
  roomyAllotmentMs: 300,
  recordMs: 1500,
};
/** The longest an allotment of ALLOTMENTS lasts: a step of the virtual clock this long ends every one. */
export const ALLOTMENT_TIME_MS = Math.max(ALLOTMENTS.allotmentMs, ALLOTMENTS.roomyAllotmentMs);

/** A replica's network to Redis: open, holding its calls back (a stall), or gone (a crash). */
class Gate {
  private state: 'open' | 'held' | 'crashed' = 'open';
  private held: { pass: () => void; fail: (error: Error) => void }[] = [];
  private heldOne: () => void = () => undefined;

  /** Resolves once a call is held back (a stalled replica's settlement, when it held an allotment). */
  readonly callHeld = (): Promise<void> =>
    this.held.length > 0 ? Promise.resolve() : new Promise((resolve) => (this.heldOne = resolve));

  pass(): Promise<void> {
    if (this.state === 'open') return Promise.resolve();
    if (this.state === 'crashed') return Promise.reject(new Error('replica crashed'));
    return new Promise((pass, fail) => {
      this.held.push({ pass, fail });
      this.heldOne();
    });
  }

  hold(): void {
    this.state = 'held';
  }

  open(): void {
    this.state = 'open';
    for (const call of this.held.splice(0)) call.pass();
  }

  crash(): void {
    this.state = 'crashed';
    for (const call of this.held.splice(0)) call.fail(new Error('replica crashed'));
  }
}

/** Script calls that go through a replica's gate before they reach Redis. */
class GatedScripts extends RedisScripts {
  constructor(
    redis: RedisClient,
    private readonly gate: Gate,
  ) {
    super(redis);
  }

  override bind<Reply>(script: LuaScript<Reply>): RunScript<Reply> {
    const run = super.bind(script);
    return async (keys, ...args) => {
      await this.gate.pass();
      return run(keys, ...args);
    };
  }
}

/** One gateway replica: its counter over its own connection, behind its gate. */
interface Replica {
  counter: FixedWindowCounter;
  gate: Gate;
}

/**
 * Gateway replicas counting the same keys in real Redis, all reading one virtual clock that moves
 * only when the model says time passes: allotments end, and windows end, by the model's steps, not by
 * the machine's speed. A window ends as it would by expiring: the clock moves past every replica's
 * view of it and its key leaves Redis.
 */
export class CounterReplicas {
  now = Date.now();
  readonly replicas: Replica[];
  /** Returns dropped for replicas that died since. */
  private dropped = 0;

  constructor(
    private readonly connections: readonly RedisClient[],
    private readonly admin: RedisClient,
    readonly keys: readonly string[],
  ) {
    this.replicas = connections.map((redis) => this.start(redis));
  }

  /**
   * `hits` hits of `key` against `limit` sent by `replica` in one event-loop turn: each one's answer.
   * While some wait for other replicas' allotments, an allotment's time passes every 25 ms (those
   * allotments end and settle as they would); false in `timely` once the window's time ran out for that.
   */
  async meter(replica: number, key: string, hits: number, limit: number, timeLeft: () => boolean) {
    const { counter } = this.replica(replica);
    const all = Promise.all(Array.from({ length: hits }, () => counter.meter(key, WINDOW_MS, limit)));
    const state = { answered: false, timely: true };
    const answered = (): void => {
      state.answered = true;
    };
    all.then(answered, answered);
    for (;;) {
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 25))]);
      if (state.answered) return { counts: await all, timely: state.timely };
      if (timeLeft()) this.now += ALLOTMENT_TIME_MS;
      else state.timely = false;
    }
  }

  /**
   * Lets every allotment end within its window and waits until each key's allotment record is gone: every
   * settlement has landed (or, for a replica that died holding an allotment, the record expired).
   */
  async drain(): Promise<void> {
    this.now += ALLOTMENT_TIME_MS;
    for (const key of this.keys) {
      for (let polls = 0; polls < 1000 && (await this.admin.exists(`${key}:allotments`)) === 1; polls += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  /**
   * Ends every key's window: the clock moves past every replica's view of it, then each key's count
   * is read and its key deleted, as its expiry would. Resolves with the counts Redis held at the end.
   */
  async endWindow(): Promise<number[]> {
    this.now += WINDOW_MS + ALLOTMENT_TIME_MS;
    const counts: number[] = [];
    for (const key of this.keys) {
      counts.push(Number((await this.admin.get(key)) ?? 0));
      const end = await this.admin.pexpiretime(key);
      await this.admin.del(key);
      // A window that ended by expiring started a whole window before the next one can: its end,
      // the identity its allotments' settlements carry, is never the next window's.
      if (end > 0) await this.redisClockPast(end - WINDOW_MS);
    }
    return counts;
  }

  /**
   * A replica's network holds its calls back until `resume`; then an allotment's time passes, so that an
   * allotment it holds ends with its unused hits to give back while the window still runs, and that
   * settlement is held (awaited for three of its allotment sweeps at most: with no allotment, none comes).
   */
  async stall(replica: number, allotmentTimeLeft: boolean): Promise<void> {
    const { gate } = this.replica(replica);
    gate.hold();
    if (!allotmentTimeLeft) return;
    this.now += ALLOTMENT_TIME_MS;
    await Promise.race([gate.callHeld(), new Promise((resolve) => setTimeout(resolve, 60))]);
  }

  /** Unused allotted hits given back too late for their window, dropped by the script, over every replica. */
  droppedReturns(): number {
    return (
      this.dropped + this.replicas.reduce((sum, { counter }) => sum + counter.tally.lateReturnsDropped, 0)
    );
  }

  resume(replica: number): void {
    this.replica(replica).gate.open();
  }

  /** A replica dies (its allotments lost, its held calls never sent) and a new one starts in its place. */
  async restart(replica: number): Promise<void> {
    const dead = this.replica(replica);
    dead.gate.crash();
    await dead.counter.onModuleDestroy();
    this.dropped += dead.counter.tally.lateReturnsDropped;
    this.replicas[replica] = this.start(this.connections[replica] ?? this.admin);
  }

  /** Every replica stops as a gateway does, giving back its allotments' unused hits. */
  async close(): Promise<void> {
    for (const { counter, gate } of this.replicas) {
      gate.open();
      await counter.onModuleDestroy();
    }
  }

  private replica(index: number): Replica {
    const replica = this.replicas[index];
    if (!replica) throw new Error(`no replica ${index}`);
    return replica;
  }

  private start(redis: RedisClient): Replica {
    const gate = new Gate();
    const options = { now: () => this.now, allotments: ALLOTMENTS };
    return { gate, counter: new FixedWindowCounter(new GatedScripts(redis, gate), redis, options) };
  }

  private async redisClockPast(ms: number): Promise<void> {
    for (;;) {
      const [seconds, micros] = await this.admin.time();
      if (Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) > ms) return;
    }
  }
}
