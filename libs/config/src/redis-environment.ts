import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { toInteger } from './env-fields';

/** Redis settings every app shares: one place, so all consumers connect the same way. */
export class RedisEnvironment {
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every key, channel and queue of one deployment. */
  @IsString()
  @IsNotEmpty()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'REDIS_PREFIX may hold only letters, digits, _ and -' })
  REDIS_PREFIX = 'pds';

  /** A command that Redis has not answered in this time fails, so callers can degrade instead of hang. */
  @toInteger()
  @IsInt()
  @Min(50)
  @Max(60_000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  @IsOptional()
  @IsString()
  REDIS_USERNAME?: string;
}
