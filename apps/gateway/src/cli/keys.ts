import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadEnvironmentOrExit } from '@pds/config';
import { describeRedis, REDIS_COMMAND, type RedisClient } from '@pds/redis';
import { AccountBoosts } from '../accounts';
import { ApiKeyStore, KeyBoosts } from '../keys';

import { StorageUnavailableError } from '../errors/storage-unavailable.error';
import { CommandFailed, KEYS_USAGE, type KeysCliStores, runKeysCommand, UsageError } from './keys-command';
import { KeysCliEnvironment } from './keys-cli.environment';
import { KeysCliModule } from './keys-cli.module';

/** What to tell the operator when Redis refused or did not answer: the cause, and whether it applied. */
function storageMessage(redis: string, error: StorageUnavailableError): string {
  const outcome =
    error.refusal.code === 'unreachable'
      ? 'the change may or may not have been made; check with `npm run keys -- list`'
      : 'nothing was changed';
  return `${redis} cannot serve this now: ${error.refusal.cause}; ${outcome}. Retry once it can.`;
}

/** `npm run keys -- <command>`: manage API keys and boosts in the configured Redis (REDIS_TOPOLOGY). */
async function main(): Promise<number> {
  const env = loadEnvironmentOrExit(KeysCliEnvironment);
  // abortOnError false: a start-up failure (an evicting Redis) ends as `keys: <why>`, not a core dump.
  const context = await NestFactory.createApplicationContext(KeysCliModule.register(env), {
    logger: false,
    abortOnError: false,
  });
  try {
    return await runCommand(env, context.get<RedisClient>(REDIS_COMMAND), {
      apiKeys: context.get(ApiKeyStore),
      boosts: context.get(KeyBoosts),
      accountBoosts: context.get(AccountBoosts),
    });
  } finally {
    await context.close();
  }
}

async function runCommand(
  env: KeysCliEnvironment,
  redis: RedisClient,
  stores: KeysCliStores,
): Promise<number> {
  try {
    await redis.ping();
  } catch {
    process.stderr.write(`${describeRedis(env)} is not reachable. Start one, e.g.:\n`);
    process.stderr.write(
      '  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n',
    );
    return 1;
  }
  try {
    const lines = await runKeysCommand(stores, process.argv.slice(2));
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CommandFailed) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (error instanceof StorageUnavailableError) {
      process.stderr.write(`${storageMessage(describeRedis(env), error)}\n`);
      return 1;
    }
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${KEYS_USAGE}\n`);
    return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`keys: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
