import { SourceHealth } from './source-health';
import { selectSource, type SelectorInput } from './source-selector';

const RULES = { returnAfterMs: 60_000, minSwitchGapMs: 60_000 };
const ORDER = ['binance', 'binance-us', 'kraken'];

function feeds(): Map<string, SourceHealth> {
  return new Map(ORDER.map((name) => [name, new SourceHealth(10_000, 0)]));
}

function input(
  health: Map<string, SourceHealth>,
  active: string,
  now: number,
  lastSwitchAt?: number,
): SelectorInput {
  return {
    order: ORDER,
    health: (name) => feed(health, name),
    active,
    lastSwitchAt,
    now,
  };
}

function feed(health: Map<string, SourceHealth>, name: string): SourceHealth {
  const found = health.get(name);
  if (!found) throw new Error(`no feed ${name}`);
  return found;
}

function deliver(health: SourceHealth, from: number, to: number): void {
  for (let t = from; t <= to; t += 1_000) health.message(t);
}

describe('selectSource', () => {
  it('should keep the primary while it delivers', () => {
    const health = feeds();
    for (const feed of health.values()) deliver(feed, 0, 20_000);
    expect(selectSource(input(health, 'binance', 20_000), RULES)).toBeUndefined();
  });

  it('should switch to the first live standby as soon as the primary is dark', () => {
    const health = feeds();
    deliver(feed(health, 'binance'), 0, 5_000);
    deliver(feed(health, 'binance-us'), 0, 16_000);
    deliver(feed(health, 'kraken'), 0, 16_000);
    expect(selectSource(input(health, 'binance', 14_000), RULES)).toBeUndefined();
    expect(selectSource(input(health, 'binance', 15_000), RULES)).toEqual({
      to: 'binance-us',
      reason: 'source-dark',
    });
  });

  it('should skip a standby that is dark too', () => {
    const health = feeds();
    deliver(feed(health, 'binance'), 0, 5_000);
    feed(health, 'binance').disconnected();
    deliver(feed(health, 'binance-us'), 0, 3_000);
    feed(health, 'binance-us').disconnected();
    deliver(feed(health, 'kraken'), 0, 6_000);
    expect(selectSource(input(health, 'binance', 6_000), RULES)?.to).toBe('kraken');
  });

  it('should stay on a dark source when no other exchange is live', () => {
    const health = feeds();
    for (const feed of health.values()) {
      feed.message(0);
      feed.disconnected();
    }
    expect(selectSource(input(health, 'binance', 1_000), RULES)).toBeUndefined();
  });

  it('should go back to the primary only after it delivered for the return delay', () => {
    const health = feeds();
    deliver(feed(health, 'binance-us'), 0, 200_000);
    deliver(feed(health, 'binance'), 100_000, 200_000);
    expect(selectSource(input(health, 'binance-us', 159_000, 20_000), RULES)).toBeUndefined();
    expect(selectSource(input(health, 'binance-us', 160_000, 20_000), RULES)).toEqual({
      to: 'binance',
      reason: 'better-source-back',
    });
  });

  it('should not switch back within a minute of the previous switch', () => {
    const health = feeds();
    deliver(feed(health, 'binance-us'), 0, 200_000);
    deliver(feed(health, 'binance'), 0, 200_000);
    expect(selectSource(input(health, 'binance-us', 100_000, 50_000), RULES)).toBeUndefined();
    expect(selectSource(input(health, 'binance-us', 110_000, 50_000), RULES)?.to).toBe('binance');
  });

  it('should never switch to a worse exchange while the source is live', () => {
    const health = feeds();
    for (const feed of health.values()) deliver(feed, 0, 200_000);
    expect(selectSource(input(health, 'binance-us', 200_000), RULES)?.to).toBe('binance');
    expect(selectSource(input(health, 'binance', 200_000), RULES)).toBeUndefined();
  });
});
