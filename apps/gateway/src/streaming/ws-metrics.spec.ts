import { Registry } from 'prom-client';
import { STREAM_ROUTES } from './stream-request';
import { countClose, WsMetrics } from './ws-metrics';

describe('WsMetrics', () => {
  const price = Object.values(STREAM_ROUTES)[0];

  async function values(registry: Registry, name: string): Promise<Record<string, number>> {
    const metric = await registry.getSingleMetric(name)?.get();
    return Object.fromEntries(
      (metric?.values ?? []).map((value) => [Object.values(value.labels).join(' '), value.value]),
    );
  }

  it('should report closes by operation and code, and conflated updates, from the tallies at scrape', async () => {
    const registry = new Registry();
    const metrics = new WsMetrics(registry);
    if (!price) throw new Error('no stream route');
    const tally = metrics.tallyOf(price);
    countClose(tally, 1000);
    countClose(tally, 1000);
    countClose(tally, 4429);
    tally.conflated += 3;

    expect(await values(registry, 'pds_ws_closes_total')).toEqual({
      [`${price.path} 1000`]: 2,
      [`${price.path} 4429`]: 1,
    });
    expect((await values(registry, 'pds_ws_conflated_total'))[price.path]).toBe(3);
    // Read again, not added again.
    expect((await values(registry, 'pds_ws_closes_total'))[`${price.path} 1000`]).toBe(2);
  });

  it('should observe the fan-out lag of each flush', async () => {
    const registry = new Registry();
    const metrics = new WsMetrics(registry);
    metrics.observeFanOut(0.002);
    metrics.observeFanOut(1.5);
    const text = await registry.getSingleMetricAsString('pds_ws_fanout_lag_seconds');
    expect(text).toContain('pds_ws_fanout_lag_seconds_count 2');
    expect(text).toContain('pds_ws_fanout_lag_seconds_bucket{le="1"} 1');
  });
});
