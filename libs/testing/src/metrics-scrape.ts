import type { RunningApp } from './spawn-app';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE_LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) if (name) labels[name] = value ?? '';
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** One scrape: the samples, and lookups by name and a subset of labels. */
export class Scrape {
  constructor(readonly samples: readonly Sample[]) {}

  find(name: string, labels: Readonly<Record<string, string>> = {}): Sample[] {
    return this.samples.filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  }

  /** The sum of the matching samples; undefined when none matches (the series does not exist). */
  value(name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
    const found = this.find(name, labels);
    return found.length === 0 ? undefined : found.reduce((sum, sample) => sum + sample.value, 0);
  }
}

/** Base URL of an app's metrics server, from its `metrics-listening` log line. */
export async function metricsUrl(app: RunningApp): Promise<string> {
  const line = await app.waitForLog((entry) => entry.msg === 'metrics-listening');
  return `http://127.0.0.1:${Number(line.port)}`;
}

export async function scrapeMetrics(app: RunningApp): Promise<Scrape> {
  const response = await fetch(`${await metricsUrl(app)}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return new Scrape(parseMetrics(await response.text()));
}

/** An app's `GET /ready` on its metrics port: the status and the JSON body. */
export async function readiness(app: RunningApp): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${await metricsUrl(app)}/ready`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
