import { MirrorSync } from './mirror-sync';

function syncOf() {
  const state = { data: [] as string[], seeds: [] as string[] };
  const sync = new MirrorSync<string[]>('s', {
    apply: (message) => state.data.push(message),
    install: (snapshot) => {
      state.data = [...snapshot];
    },
    seed: (token) => state.seeds.push(token),
  });
  return { sync, state };
}

describe('MirrorSync', () => {
  it('should drop what came before the fence and apply what came after, on top of the snapshot', () => {
    const { sync, state } = syncOf();
    sync.resync();
    const [token = ''] = state.seeds;
    sync.message('before');
    sync.fence(token);
    sync.message('after-1');
    expect(sync.isLive).toBe(false);
    sync.seeded(token, ['snapshot']);
    sync.message('after-2');
    expect(sync.isLive).toBe(true);
    expect(state.data).toEqual(['snapshot', 'after-1', 'after-2']);
  });

  it('should go live when the snapshot comes before its fence', () => {
    const { sync, state } = syncOf();
    sync.resync();
    const [token = ''] = state.seeds;
    sync.seeded(token, ['snapshot']);
    expect(sync.isLive).toBe(false);
    sync.fence(token);
    expect(sync.isLive).toBe(true);
    expect(state.data).toEqual(['snapshot']);
  });

  it('should ignore the fence and snapshot of a seed that was started again or made stale', () => {
    const { sync, state } = syncOf();
    sync.resync();
    sync.resync();
    const [first = '', second = ''] = state.seeds;
    sync.fence(first);
    sync.seeded(first, ['old']);
    expect(sync.isLive).toBe(false);
    sync.markStale();
    sync.fence(second);
    sync.seeded(second, ['new']);
    expect(sync.isLive).toBe(false);
    expect(state.data).toEqual([]);
  });

  it('should seed again when invalidated after its fence, not before', () => {
    const { sync, state } = syncOf();
    sync.resync();
    sync.invalidated();
    expect(state.seeds).toHaveLength(1);
    const [token = ''] = state.seeds;
    sync.fence(token);
    sync.seeded(token, []);
    sync.invalidated();
    expect(state.seeds).toHaveLength(2);
    expect(sync.isLive).toBe(false);
    expect(sync.owns(state.seeds[1] ?? '')).toBe(true);
  });

  it('should count as behind until its first seed, then from the moment it stops being live', () => {
    const { sync, state } = syncOf();
    expect(sync.behindForMs()).toBe(Number.POSITIVE_INFINITY);
    sync.resync();
    sync.seeded(state.seeds[0] ?? '', []);
    sync.fence(state.seeds[0] ?? '');
    expect(sync.behindForMs()).toBe(0);
    const staleAt = Date.now();
    sync.markStale();
    sync.resync();
    expect(sync.behindForMs(staleAt + 7_000)).toBeGreaterThanOrEqual(7_000 - (Date.now() - staleAt));
    sync.seeded(state.seeds[1] ?? '', []);
    sync.fence(state.seeds[1] ?? '');
    expect(sync.behindForMs()).toBe(0);
  });
});
