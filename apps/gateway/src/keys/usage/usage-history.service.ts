import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, REDIS_COMMAND } from '@pds/redis';
import type { ApiKeyRecord } from '../store/api-key-record';
import { fromStorage } from '../../errors/storage-unavailable.error';
import type { UsageBucketDto } from './usage-history.dto';
import { bucketStart, daysOf, type UsageRange } from './usage-range';
import { hourlyUsageOf, type HourlyUsage, usageDay } from './usage-tally';

/**
 * The usage history: keys' requests and 429s over a range, read from the hourly tallies the rate
 * limit writes (usage-tally.ts: one hash per key and UTC day, RedisKeys.keyUsage), as they were used.
 */
@Injectable()
export class UsageHistory {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  /** The keys' buckets with any request, oldest first, then by key and operation. */
  async of(records: readonly ApiKeyRecord[], range: UsageRange): Promise<UsageBucketDto[]> {
    const perKey = await Promise.all(records.map((record) => this.ofKey(record, range)));
    return perKey
      .flat()
      .sort(
        (a, b) =>
          a.start.localeCompare(b.start) ||
          a.keyId.localeCompare(b.keyId) ||
          a.operation.localeCompare(b.operation),
      );
  }

  private async ofKey(record: ApiKeyRecord, range: UsageRange): Promise<UsageBucketDto[]> {
    const days = daysOf(range);
    // One HGETALL per day: the command connection sends them in one pipeline.
    const hashes = await fromStorage(
      Promise.all(days.map((day) => this.redis.hgetall(this.keys.keyUsage(record.id, usageDay(day))))),
    );
    const hours = hashes.flatMap((hash, index) => hourlyUsageOf(days[index] ?? 0, hash));
    return bucketsOf(record, hours, range);
  }
}

/** The hours in range summed into the range's buckets. */
function bucketsOf(record: ApiKeyRecord, hours: readonly HourlyUsage[], range: UsageRange): UsageBucketDto[] {
  const buckets = new Map<string, UsageBucketDto>();
  for (const hour of hours) {
    const start = bucketStart(hour.start, range.granularity);
    if (start < range.from || start > range.to) continue;
    const id = `${start}:${hour.operation}`;
    const bucket = buckets.get(id) ?? {
      keyId: record.id,
      keyName: record.name,
      operation: hour.operation,
      start: new Date(start).toISOString(),
      requests: 0,
      rejected: 0,
    };
    bucket.requests += hour.requests;
    bucket.rejected += hour.rejected;
    buckets.set(id, bucket);
  }
  return [...buckets.values()];
}
