import { infoFields } from './redis-memory';

describe('infoFields', () => {
  it('should read the numeric fields of an INFO section and skip the rest', () => {
    const info =
      '# Memory\r\nused_memory:6049464\r\nused_memory_human:5.77M\r\nmaxmemory:0\r\nmaxmemory_policy:noeviction\r\n';
    const fields = infoFields(info);
    expect(fields.get('used_memory')).toBe(6049464);
    expect(fields.get('maxmemory')).toBe(0);
    expect(fields.has('used_memory_human')).toBe(false);
    expect(fields.has('maxmemory_policy')).toBe(false);
  });
});
