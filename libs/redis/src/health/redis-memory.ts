import { type RedisClient, keyHolders } from '../redis-connection';

/** Memory of the servers that hold keys, from INFO memory. */
export interface RedisMemory {
  /** used_memory, summed over the servers. */
  readonly usedBytes: number;
  /** maxmemory, summed over the servers; 0 when any of them has no limit. */
  readonly maxBytes: number;
  /** The smallest maxmemory minus used_memory of a server: the one that fills first decides. */
  readonly headroomBytes: number | undefined;
}

/** The numeric fields of an INFO section. */
export function infoFields(info: string): Map<string, number> {
  const fields = new Map<string, number>();
  for (const line of info.split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0 || line.startsWith('#')) continue;
    const value = Number(line.slice(separator + 1));
    if (Number.isFinite(value)) fields.set(line.slice(0, separator), value);
  }
  return fields;
}

export async function readRedisMemory(client: RedisClient): Promise<RedisMemory> {
  const infos = await Promise.all(keyHolders(client).map((server) => server.info('memory')));
  let usedBytes = 0;
  let maxBytes = 0;
  let unlimited = false;
  let headroomBytes: number | undefined;
  for (const info of infos) {
    const fields = infoFields(info);
    const used = fields.get('used_memory') ?? 0;
    const max = fields.get('maxmemory') ?? 0;
    usedBytes += used;
    maxBytes += max;
    if (max === 0) unlimited = true;
    else headroomBytes = Math.min(headroomBytes ?? Number.POSITIVE_INFINITY, max - used);
  }
  return {
    usedBytes,
    maxBytes: unlimited ? 0 : maxBytes,
    headroomBytes: unlimited ? undefined : headroomBytes,
  };
}
