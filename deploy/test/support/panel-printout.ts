import type { PromSample } from './prometheus';

/** What a panel shows for one of its queries: the legend of each series and its current value. */
export interface PanelReading {
  readonly legendFormat: string;
  readonly samples: readonly PromSample[];
}

/** At most this many series per query in the print-out (the rest are counted). */
const SHOWN_SERIES = 8;

function formatNumber(value: number, unit: string): string {
  if (Number.isNaN(value)) return 'NaN (no events in the window)';
  const round = (n: number): string => String(Number(n.toPrecision(4)));
  switch (unit) {
    case 'percentunit':
      return `${round(value * 100)} %`;
    case 's':
      return Math.abs(value) < 1 ? `${round(value * 1000)} ms` : `${round(value)} s`;
    case 'bytes':
      return `${round(value / 1_048_576)} MiB`;
    case 'reqps':
      return `${round(value)} req/s`;
    default:
      return round(value);
  }
}

function legendOf(format: string, metric: Readonly<Record<string, string>>): string {
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => metric[name] ?? '');
}

/** One line per panel: `title: legend value; legend value; …`, as the panel would show it now. */
export function panelLine(title: string, unit: string, readings: readonly PanelReading[]): string {
  const parts: string[] = [];
  let hidden = 0;
  for (const { legendFormat, samples } of readings) {
    if (samples.length === 0) parts.push(`${legendFormat || 'value'} (no data)`);
    for (const [index, sample] of samples.entries()) {
      if (index >= SHOWN_SERIES) {
        hidden += 1;
        continue;
      }
      const legend = legendOf(legendFormat, sample.metric);
      parts.push(`${legend ? `${legend} = ` : ''}${formatNumber(sample.value, unit)}`);
    }
  }
  return `  ${title}: ${parts.join('; ')}${hidden > 0 ? ` (and ${hidden} more series)` : ''}`;
}
