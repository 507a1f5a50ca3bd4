import { MAX_ACTIVE_BOOSTS } from '../entitlements';
import type { AccountBoosts } from '../accounts';
import { boostRequest, describeBoost } from './boost-commands';
import { CommandFailed, positional } from './cli-options';

/** An account's boosts from the command line, as a key's (boost-commands.ts) and as the admin API. */
export async function grantAccountBoost(store: AccountBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the account id', 'account-boost');
  const outcome = await store.grant(id, boostRequest(args));
  switch (outcome.kind) {
    case 'granted':
      return [`Granted boost to every key of account ${id}:`, describeBoost(outcome.boost)];
    case 'unknown-owner':
    case 'revoked-owner':
      throw new CommandFailed(`No account with id ${id}.`);
    case 'too-many-boosts':
      throw new CommandFailed(`Account ${id} already has ${MAX_ACTIVE_BOOSTS} active boosts.`);
  }
}

export async function listAccountBoosts(store: AccountBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the account id', 'account-boosts');
  const boosts = await store.activeOfKnown(id);
  if (!boosts) throw new CommandFailed(`No account with id ${id}.`);
  return boosts.length === 0 ? [`No active boosts for account ${id}.`] : boosts.map(describeBoost);
}

export async function endAccountBoost(store: AccountBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the account id', 'end-account-boost');
  const boostId = positional(args, 1, 'the boost id', 'end-account-boost');
  const outcome = await store.end(id, boostId);
  switch (outcome.kind) {
    case 'ended':
      return [`Ended boost ${boostId} of account ${id}.`];
    case 'unknown-owner':
      throw new CommandFailed(`No account with id ${id}.`);
    case 'unknown-boost':
      throw new CommandFailed(`Account ${id} has no active boost ${boostId}.`);
  }
}
