import type { ApiKeyRecord } from '../api-keys/api-key-record';
import type { ApiKeyStore } from '../api-keys/api-key.store';

export const KEYS_USAGE = `Usage:
  npm run keys -- create --name <name> [--requests-per-minute <n>] [--ws-connections <n>]
  npm run keys -- list
  npm run keys -- revoke <id>`;

export class UsageError extends Error {}

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return value;
}

function positiveInteger(args: readonly string[], name: string): number | undefined {
  const value = option(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(value);
}

function describe(record: ApiKeyRecord): string {
  const limits = `rpm=${record.requestsPerMinute ?? 'default'} ws=${record.wsConnections ?? 'default'}`;
  const state = record.revokedAt ? `revoked ${record.revokedAt}` : 'active';
  return `${record.id}  ${record.name}  created ${record.createdAt}  ${limits}  ${state}`;
}

/** Runs one command; returns the lines to print. The new key is the last line of `create`. */
export async function runKeysCommand(store: ApiKeyStore, args: readonly string[]): Promise<string[]> {
  const [command, ...rest] = args;
  switch (command ?? '') {
    case 'create': {
      const name = option(rest, 'name');
      if (!name) throw new UsageError('create needs --name <name>');
      const requestsPerMinute = positiveInteger(rest, 'requests-per-minute');
      const wsConnections = positiveInteger(rest, 'ws-connections');
      const created = await store.create({
        name,
        ...(requestsPerMinute === undefined ? {} : { requestsPerMinute }),
        ...(wsConnections === undefined ? {} : { wsConnections }),
      });
      return [
        `Created key ${created.record.id} (${name}). It is shown only now; store it safely:`,
        created.key,
      ];
    }
    case 'list': {
      const records = await store.list();
      return records.length === 0 ? ['No API keys.'] : records.map(describe);
    }
    case 'revoke': {
      const [id] = rest;
      if (!id) throw new UsageError('revoke needs the key id');
      return (await store.revoke(id)) ? [`Revoked key ${id}.`] : [`No key with id ${id}.`];
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}
