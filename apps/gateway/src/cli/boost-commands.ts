import { type Boost, MAX_ACTIVE_BOOSTS, GrantBoostDto, type NewBoost, toNewBoost } from '../entitlements';
import type { KeyBoosts } from '../keys';
import { CommandFailed, integerOption, option, parseDuration, positional, validated } from './cli-options';

const GRANT_FLAGS = {
  extraRequestsPerMinute: '--extra-requests-per-minute',
  extraWsConnections: '--extra-ws-connections',
  expiresAt: '--expires-at',
  expiresInSeconds: '--expires-in',
};

/** One line per boost, of a key or of an account. */
export function describeBoost(boost: Boost): string {
  const extras = `+${boost.extraRequestsPerMinute} rpm, +${boost.extraWsConnections} ws`;
  const times = `granted ${new Date(boost.grantedAt).toISOString()}, until ${new Date(boost.expiresAt).toISOString()}`;
  return `${boost.id}  ${extras}  ${times}`;
}

/** The boost a grant command asks for, by the admin API's body rules. */
export function boostRequest(args: readonly string[]): NewBoost {
  const expiresIn = option(args, 'expires-in');
  const body = validated(
    GrantBoostDto,
    {
      extraRequestsPerMinute: integerOption(args, 'extra-requests-per-minute'),
      extraWsConnections: integerOption(args, 'extra-ws-connections'),
      expiresAt: option(args, 'expires-at'),
      expiresInSeconds: expiresIn === undefined ? undefined : parseDuration(expiresIn),
    },
    GRANT_FLAGS,
  );
  return toNewBoost(body);
}

export async function grantBoost(store: KeyBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the key id', 'boost');
  const outcome = await store.grant(id, boostRequest(args));
  switch (outcome.kind) {
    case 'granted':
      return [`Granted boost to key ${id}:`, describeBoost(outcome.boost)];
    case 'unknown-owner':
      throw new CommandFailed(`No key with id ${id}.`);
    case 'revoked-owner':
      throw new CommandFailed(`Key ${id} is revoked.`);
    case 'too-many-boosts':
      throw new CommandFailed(`Key ${id} already has ${MAX_ACTIVE_BOOSTS} active boosts.`);
  }
}

export async function listBoosts(store: KeyBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the key id', 'boosts');
  const boosts = await store.activeOfKnown(id);
  if (!boosts) throw new CommandFailed(`No key with id ${id}.`);
  return boosts.length === 0 ? [`No active boosts for key ${id}.`] : boosts.map(describeBoost);
}

export async function endBoost(store: KeyBoosts, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the key id', 'end-boost');
  const boostId = positional(args, 1, 'the boost id', 'end-boost');
  const outcome = await store.end(id, boostId);
  switch (outcome.kind) {
    case 'ended':
      return [`Ended boost ${boostId} of key ${id}.`];
    case 'unknown-owner':
      throw new CommandFailed(`No key with id ${id}.`);
    case 'unknown-boost':
      throw new CommandFailed(`Key ${id} has no active boost ${boostId}.`);
  }
}
