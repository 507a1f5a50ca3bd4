import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { toBoolean, toInteger } from './env-fields';

/** How the apps reach Redis: one server (REDIS_URL), a Sentinel-watched master, or a Cluster. */
export const REDIS_TOPOLOGIES = ['single', 'sentinel', 'cluster'] as const;
export type RedisTopology = (typeof REDIS_TOPOLOGIES)[number];

/** `host:port` pairs separated by commas, e.g. `10.0.0.1:26379,10.0.0.2:26379`. */
const HOST_PORT_LIST = /^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/;

/** Redis settings every app shares: one place, so all consumers connect the same way. */
export class RedisEnvironment {
  @IsIn(REDIS_TOPOLOGIES, { message: `REDIS_TOPOLOGY must be one of ${REDIS_TOPOLOGIES.join(', ')}` })
  REDIS_TOPOLOGY: RedisTopology = 'single';

  /** The server of the `single` topology (ignored by the others). */
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Sentinels to ask for the current master (`sentinel` topology). */
  @ValidateIf((env: RedisEnvironment) => env.REDIS_TOPOLOGY === 'sentinel')
  @Matches(HOST_PORT_LIST, {
    message: 'REDIS_SENTINELS must list host:port pairs separated by commas when REDIS_TOPOLOGY=sentinel',
  })
  REDIS_SENTINELS?: string;

  /** The master group name the sentinels monitor (`sentinel` topology). */
  @ValidateIf((env: RedisEnvironment) => env.REDIS_TOPOLOGY === 'sentinel')
  @IsNotEmpty({
    message: 'REDIS_SENTINEL_NAME (the master group name) is required when REDIS_TOPOLOGY=sentinel',
  })
  REDIS_SENTINEL_NAME?: string;

  /** Seed nodes of the Cluster; the rest are discovered (`cluster` topology). */
  @ValidateIf((env: RedisEnvironment) => env.REDIS_TOPOLOGY === 'cluster')
  @Matches(HOST_PORT_LIST, {
    message: 'REDIS_CLUSTER_NODES must list host:port pairs separated by commas when REDIS_TOPOLOGY=cluster',
  })
  REDIS_CLUSTER_NODES?: string;

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

  /**
   * Password of the data nodes (all topologies; for `single` it may also sit in REDIS_URL). Never
   * validated beyond presence, so a bad value can never appear in a configuration error.
   */
  @IsOptional()
  @IsString()
  REDIS_PASSWORD?: string;

  /** Password of the sentinels themselves, when they require one (`sentinel` topology). */
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_PASSWORD?: string;

  /** TLS to the data nodes of the `sentinel` and `cluster` topologies (`single` uses rediss://). */
  @toBoolean()
  @IsBoolean()
  REDIS_TLS = false;
}
