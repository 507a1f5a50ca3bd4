import type { AccountBoosts } from '../accounts';
import type { ApiKeyStore, KeyBoosts } from '../keys';
import { endAccountBoost, grantAccountBoost, listAccountBoosts } from './account-boost-commands';
import { endBoost, grantBoost, listBoosts } from './boost-commands';
import { UsageError } from './cli-options';
import { createKey, listKeys, revokeKey } from './key-commands';

export { CommandFailed, UsageError } from './cli-options';

export const KEYS_USAGE = `Usage:
  npm run keys -- create --name <name> [--requests-per-minute <n>] [--ws-connections <n>]
  npm run keys -- list
  npm run keys -- revoke <id>
  npm run keys -- boost <id> [--extra-requests-per-minute <n>] [--extra-ws-connections <n>]
                             (--expires-in <90s|15m|1h|7d> | --expires-at <ISO 8601>)
  npm run keys -- boosts <id>
  npm run keys -- end-boost <id> <boostId>
  npm run keys -- account-boost <accountId> (the same options as boost)
  npm run keys -- account-boosts <accountId>
  npm run keys -- end-account-boost <accountId> <boostId>`;

export interface KeysCliStores {
  readonly apiKeys: ApiKeyStore;
  readonly boosts: KeyBoosts;
  readonly accountBoosts: AccountBoosts;
}

/**
 * Runs one command; returns the lines to print. The same stores as the HTTP admin API, so the same
 * Redis writes and the same change notifications to every gateway.
 */
export async function runKeysCommand(stores: KeysCliStores, args: readonly string[]): Promise<string[]> {
  const [command, ...rest] = args;
  switch (command ?? '') {
    case 'create':
      return createKey(stores.apiKeys, rest);
    case 'list':
      return listKeys(stores.apiKeys);
    case 'revoke':
      return revokeKey(stores.apiKeys, rest);
    case 'boost':
      return grantBoost(stores.boosts, rest);
    case 'boosts':
      return listBoosts(stores.boosts, rest);
    case 'end-boost':
      return endBoost(stores.boosts, rest);
    case 'account-boost':
      return grantAccountBoost(stores.accountBoosts, rest);
    case 'account-boosts':
      return listAccountBoosts(stores.accountBoosts, rest);
    case 'end-account-boost':
      return endAccountBoost(stores.accountBoosts, rest);
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}
