import { Registry } from 'prom-client';
import { gaugeReadAtScrape } from './read-at-scrape';

describe('gaugeReadAtScrape', () => {
  function gaugeReading(read: () => number | undefined | Promise<number | undefined>): Registry {
    const registry = new Registry();
    gaugeReadAtScrape({ registry, name: 'pds_test_value', help: 'a value', read });
    return registry;
  }

  it('should report the value read at each scrape', async () => {
    let value = 3;
    const registry = gaugeReading(() => value);
    expect(await registry.metrics()).toMatch(/^pds_test_value 3$/m);
    value = 5;
    expect(await registry.metrics()).toMatch(/^pds_test_value 5$/m);
  });

  it('should leave no sample, not a 0, while the value is unknown, and report it again once known', async () => {
    let value: number | undefined = 7;
    const registry = gaugeReading(() => Promise.resolve(value));
    expect(await registry.metrics()).toMatch(/^pds_test_value 7$/m);
    value = undefined;
    const unknown = await registry.metrics();
    expect(unknown).toContain('# TYPE pds_test_value gauge');
    expect(unknown).not.toMatch(/^pds_test_value /m);
    value = 0;
    expect(await registry.metrics()).toMatch(/^pds_test_value 0$/m);
  });
});
