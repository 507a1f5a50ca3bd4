import type { AsyncCommand } from 'fast-check';
import {
  checkEndedWindow,
  type CounterModel,
  type CounterReal,
  disturbAll,
  freshWindows,
  mostOf,
  WINDOW_TIME_MS,
} from './counter-model';
import { ALLOTMENT_TIME_MS, ALLOTMENTS } from './counter-replicas';

type Step = AsyncCommand<CounterModel, CounterReal>;

/** Room for an allotment's time in the window: spent if there is. */
function spendAllotmentTime(model: CounterModel): boolean {
  if (model.msInWindow + ALLOTMENT_TIME_MS > WINDOW_TIME_MS) return false;
  model.msInWindow += ALLOTMENT_TIME_MS;
  return true;
}

/** `hits` hits of key `key` sent together by `replica`, against the key's limit now. */
export class Meter implements Step {
  constructor(
    readonly replica: number,
    readonly key: number,
    readonly hits: number,
  ) {}

  check(model: Readonly<CounterModel>): boolean {
    return !model.revoked[this.key] && !model.stalled.has(this.replica);
  }

  async run(model: CounterModel, real: CounterReal): Promise<void> {
    const limit = model.limits[this.key] ?? 0;
    const window = model.windows[this.key];
    const key = real.replicas.keys[this.key] ?? '';
    if (!window) throw new Error(`no key ${this.key}`);
    const spend = () => spendAllotmentTime(model);
    const { counts, timely } = await real.replicas.meter(this.replica, key, this.hits, limit, spend);
    window.limits.add(limit);
    window.countedEach ||= limit < ALLOTMENTS.minLimit;
    window.requests += this.hits;
    window.admitted += counts.filter((count) => count.hits <= limit).length;
    if (!timely) window.disturbed ??= 'hits waited past the window’s time';
    expect(window.admitted).toBeLessThanOrEqual(mostOf(window.limits));
  }

  toString(): string {
    return `Meter(replica ${this.replica}, key ${this.key}, ${this.hits} hits)`;
  }
}

/** An allotment's time passes: allotments that are over settle (when their replica's next sweep sees it). */
export class PassTime implements Step {
  check(model: Readonly<CounterModel>): boolean {
    return model.msInWindow + ALLOTMENT_TIME_MS <= WINDOW_TIME_MS;
  }

  run(model: CounterModel, real: CounterReal): Promise<void> {
    spendAllotmentTime(model);
    real.replicas.now += ALLOTMENT_TIME_MS;
    return Promise.resolve();
  }

  toString(): string {
    return 'PassTime';
  }
}

/**
 * Every key's window ends, `drained` after every allotment ended and settled within it (else with allotments
 * out); each is checked against the model (checkEndedWindow) and the next begins.
 */
export class EndWindow implements Step {
  constructor(readonly drained = false) {}

  check(): boolean {
    return true;
  }

  async run(model: CounterModel, real: CounterReal): Promise<void> {
    const drained = this.drained && model.stalled.size === 0 && spendAllotmentTime(model);
    if (drained) await real.replicas.drain();
    const counts = await real.replicas.endWindow();
    model.windows.forEach((window, key) => {
      checkEndedWindow(window, counts[key] ?? 0, drained);
      real.stats.windows += 1;
      if (window.disturbed === undefined) real.stats.exact += 1;
    });
    model.windows = freshWindows(model.windows.length);
    model.msInWindow = 0;
    if (model.stalled.size > 0) disturbAll(model, 'a replica is stalled');
  }

  toString(): string {
    return this.drained ? 'EndWindow(drained)' : 'EndWindow';
  }
}

/** A replica's calls (its settlements among them) are held back, across window ends, until Resume. */
export class Stall implements Step {
  constructor(readonly replica: number) {}

  check(model: Readonly<CounterModel>): boolean {
    return model.stalled.size === 0;
  }

  async run(model: CounterModel, real: CounterReal): Promise<void> {
    model.stalled.add(this.replica);
    disturbAll(model, 'a replica stalled', true);
    await real.replicas.stall(this.replica, spendAllotmentTime(model));
  }

  toString(): string {
    return `Stall(replica ${this.replica})`;
  }
}

/**
 * The hole this model was written for: a replica's settlement (an allotment's unused hits) held back
 * while its window ends, then landing in the next window, which must not take those hits back.
 */
export class StallOverWindowEnd implements Step {
  constructor(readonly replica: number) {}

  check(model: Readonly<CounterModel>): boolean {
    return model.stalled.size === 0;
  }

  async run(model: CounterModel, real: CounterReal): Promise<void> {
    await new Stall(this.replica).run(model, real);
    await new EndWindow(false).run(model, real);
    await new Resume(this.replica).run(model, real);
  }

  toString(): string {
    return `StallOverWindowEnd(replica ${this.replica})`;
  }
}

/** The stalled replica's held calls reach Redis, late. */
export class Resume implements Step {
  constructor(readonly replica: number) {}

  check(model: Readonly<CounterModel>): boolean {
    return model.stalled.has(this.replica);
  }

  run(model: CounterModel, real: CounterReal): Promise<void> {
    model.stalled.delete(this.replica);
    // Its late releases may lower a later window's allotment record: waits there may end early.
    disturbAll(model, 'a stalled replica’s calls landed');
    real.replicas.resume(this.replica);
    return Promise.resolve();
  }

  toString(): string {
    return `Resume(replica ${this.replica})`;
  }
}

/** A replica dies with its allotments (never settled) and a new one takes its place. */
export class Restart implements Step {
  constructor(readonly replica: number) {}

  check(): boolean {
    return true;
  }

  async run(model: CounterModel, real: CounterReal): Promise<void> {
    model.stalled.delete(this.replica);
    disturbAll(model, 'a replica died holding allotments', true);
    await real.replicas.restart(this.replica);
  }

  toString(): string {
    return `Restart(replica ${this.replica})`;
  }
}

/** A key's limit changes (a plan change or a boost) for its next hits. */
export class SetLimit implements Step {
  constructor(
    readonly key: number,
    readonly limit: number,
  ) {}

  check(model: Readonly<CounterModel>): boolean {
    return model.limits[this.key] !== this.limit;
  }

  run(model: CounterModel): Promise<void> {
    model.limits[this.key] = this.limit;
    const window = model.windows[this.key];
    if (window && window.requests > 0) window.disturbed ??= 'the limit changed';
    return Promise.resolve();
  }

  toString(): string {
    return `SetLimit(key ${this.key}, ${this.limit})`;
  }
}

/** A key is revoked: its hits stop, while replicas may still hold allotments of its window. */
export class Revoke implements Step {
  constructor(readonly key: number) {}

  check(model: Readonly<CounterModel>): boolean {
    return !model.revoked[this.key];
  }

  run(model: CounterModel): Promise<void> {
    model.revoked[this.key] = true;
    return Promise.resolve();
  }

  toString(): string {
    return `Revoke(key ${this.key})`;
  }
}
