import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '../redis-connection';
import { bindLuaScript, type LuaScript, type RunScript } from './lua-script';
import { REDIS_COMMAND } from '../redis.tokens';

/** Binds Lua scripts to the command connection; a store binds each of its scripts once. */
@Injectable()
export class RedisScripts {
  constructor(@Inject(REDIS_COMMAND) private readonly redis: RedisClient) {}

  bind<Reply>(script: LuaScript<Reply>): RunScript<Reply> {
    return bindLuaScript(this.redis, script);
  }
}
