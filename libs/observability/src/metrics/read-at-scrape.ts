import { Counter, Gauge, type Registry } from 'prom-client';

interface Described {
  readonly registry: Registry;
  readonly name: string;
  readonly help: string;
}

/**
 * A counter whose count the app keeps anyway (for its `stats` log line, say), read at each scrape
 * instead of being counted a second time on the hot path.
 */
export function counterReadAtScrape(metric: Described & { readonly read: () => number }): Counter {
  return new Counter({
    name: metric.name,
    help: metric.help,
    registers: [metric.registry],
    collect() {
      this.reset();
      this.inc(metric.read());
    },
  });
}

/** As counterReadAtScrape, one series per value of `label`. */
export function labelledCounterReadAtScrape<L extends string>(
  metric: Described & { readonly label: L; readonly read: () => Readonly<Record<string, number>> },
): Counter<L> {
  return new Counter<L>({
    name: metric.name,
    help: metric.help,
    labelNames: [metric.label],
    registers: [metric.registry],
    collect() {
      this.reset();
      for (const [value, count] of Object.entries(metric.read())) {
        this.inc({ [metric.label]: value } as Record<L, string>, count);
      }
    },
  });
}

/**
 * A gauge of a value the app holds or asks for, read at each scrape; absent (no sample) while
 * `read` answers undefined ("unknown"), where prom-client's label-less gauge would report 0.
 */
export function gaugeReadAtScrape(
  metric: Described & { readonly read: () => number | undefined | Promise<number | undefined> },
): Gauge {
  return new Gauge({
    name: metric.name,
    help: metric.help,
    registers: [metric.registry],
    async collect() {
      const value = await metric.read();
      if (value !== undefined) {
        this.set(value);
        return;
      }
      // reset() leaves a label-less gauge at 0; removing its one series leaves no sample at all.
      this.reset();
      this.remove();
    },
  });
}

/** A gauge with labels, one series per entry `read` returns at each scrape (absent entries vanish). */
export function labelledGaugeReadAtScrape<L extends string>(
  metric: Described & {
    readonly labels: readonly L[];
    readonly read: () => readonly { readonly labels: Readonly<Record<L, string>>; readonly value: number }[];
  },
): Gauge<L> {
  return new Gauge<L>({
    name: metric.name,
    help: metric.help,
    labelNames: metric.labels,
    registers: [metric.registry],
    collect() {
      this.reset();
      for (const { labels, value } of metric.read()) this.set(labels, value);
    },
  });
}
