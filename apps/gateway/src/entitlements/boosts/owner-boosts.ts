import type { Boost, BoostTarget, NewBoost } from './boost';
import type { BoostStore, EndOutcome, GrantOutcome } from './boost.store';

/**
 * The boosts of one kind of owner by the owner's id, for the admin API and the CLI: finds the owner,
 * then asks the BoostStore, which alone writes boosts. A key's (KeyBoosts, in keys/) and an
 * account's (AccountBoosts, in accounts/) differ only in how an id is found.
 */
export abstract class OwnerBoosts {
  protected constructor(private readonly boosts: BoostStore) {}

  /** The owner of this id as the store names it; undefined when none has it. */
  protected abstract targetOf(id: string): Promise<BoostTarget | undefined>;

  async grant(id: string, request: NewBoost, now = Date.now()): Promise<GrantOutcome> {
    const target = await this.targetOf(id);
    return target ? this.boosts.grant(target, request, now) : { kind: 'unknown-owner' };
  }

  async end(id: string, boostId: string, now = Date.now()): Promise<EndOutcome> {
    const target = await this.targetOf(id);
    return target ? this.boosts.end(target, boostId, now) : { kind: 'unknown-owner' };
  }

  /** The owner's own active boosts, soonest to end first; undefined when no owner has that id. */
  async activeOfKnown(id: string, now = Date.now()): Promise<Boost[] | undefined> {
    const target = await this.targetOf(id);
    return target && this.boosts.active(target, now);
  }
}
