import { type DynamicModule, Module } from '@nestjs/common';
import { BoostGrants } from '@pds/billing';
import { RedisModule } from '@pds/redis';
import { AccountBoosts, AccountStore } from '../accounts';
import { ApiKeyStore, KeyBoosts } from '../keys';
import { BoostStore } from '../entitlements';
import type { KeysCliEnvironment } from './keys-cli.environment';

/** What `npm run keys` uses: the admin API's key, account and boost stores, on the apps' one Redis module. */
@Module({})
export class KeysCliModule {
  static register(env: KeysCliEnvironment): DynamicModule {
    return {
      module: KeysCliModule,
      imports: [RedisModule.forRoot(env, { connectionName: 'keys-cli', extraConnections: [] })],
      providers: [ApiKeyStore, BoostGrants, BoostStore, KeyBoosts, AccountStore, AccountBoosts],
    };
  }
}
