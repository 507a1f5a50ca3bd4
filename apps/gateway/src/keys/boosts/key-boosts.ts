import { Injectable } from '@nestjs/common';
import { type BoostTarget, BoostStore, OwnerBoosts } from '../../entitlements';
import { ApiKeyStore } from '../store/api-key.store';

/** A key's boosts by the key's id, for the admin API and the CLI: the key is found by its hash. */
@Injectable()
export class KeyBoosts extends OwnerBoosts {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    boosts: BoostStore,
  ) {
    super(boosts);
  }

  protected async targetOf(keyId: string): Promise<BoostTarget | undefined> {
    const keyHash = await this.apiKeys.hashOf(keyId);
    return keyHash ? { kind: 'key', keyId, keyHash } : undefined;
  }
}
