import { type ApiKeyRecord, type ApiKeyStore, CreateApiKeyDto, toNewApiKey } from '../keys';
import { CommandFailed, integerOption, option, positional, validated } from './cli-options';

const CREATE_FLAGS = {
  name: '--name',
  requestsPerMinute: '--requests-per-minute',
  wsConnections: '--ws-connections',
};

function describe(record: ApiKeyRecord): string {
  const limits = `rpm=${record.requestsPerMinute ?? 'default'} ws=${record.wsConnections ?? 'default'}`;
  const state = record.revokedAt ? `revoked ${record.revokedAt}` : 'active';
  const lastUsed = `last used ${record.lastUsedAt ?? 'never'}`;
  const owner = record.accountId ? `  account ${record.accountId}` : '';
  return `${record.id}  ${record.name}  created ${record.createdAt}  ${lastUsed}  ${limits}  ${state}${owner}`;
}

/** Prints the new key as the last line, and only here. */
export async function createKey(store: ApiKeyStore, args: readonly string[]): Promise<string[]> {
  const body = validated(
    CreateApiKeyDto,
    {
      name: option(args, 'name'),
      requestsPerMinute: integerOption(args, 'requests-per-minute'),
      wsConnections: integerOption(args, 'ws-connections'),
    },
    CREATE_FLAGS,
  );
  const created = await store.create(toNewApiKey(body));
  return [
    `Created key ${created.record.id} (${created.record.name}). It is shown only now; store it safely:`,
    created.key,
  ];
}

export async function listKeys(store: ApiKeyStore): Promise<string[]> {
  const records = await store.list();
  return records.length === 0 ? ['No API keys.'] : records.map(describe);
}

export async function revokeKey(store: ApiKeyStore, args: readonly string[]): Promise<string[]> {
  const id = positional(args, 0, 'the key id', 'revoke');
  if (!(await store.revoke(id))) throw new CommandFailed(`No key with id ${id}.`);
  return [`Revoked key ${id}.`];
}
