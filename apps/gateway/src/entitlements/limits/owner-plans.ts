import { Inject, Injectable } from '@nestjs/common';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { FREE_PLAN_ID } from '../plans/plan';

/** The plan of the account that owns a key, read with the key so its limits follow the plan. */
@Injectable()
export class OwnerPlans {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async planOf(accountId: string): Promise<string> {
    return (await fromStorage(this.redis.hget(this.keys.account(accountId), 'plan'))) ?? FREE_PLAN_ID;
  }
}
