// Usage history (GET /api/v1/account/usage): a chart of every key's requests per hour over the last
// 7 days, the 429s among them in red, and a CSV of the kept 35 days per day, fetched with the
// session and saved from a Blob (no token ever goes into a URL).
import { account, accountFile } from './api.js';
import { $, busy, say, sayError } from './dom.js';
import { inWords } from './words.js';

const USAGE = '/api/v1/account/usage';
const DAY_MS = 86_400_000;
const CHART_DAYS = 7;
// A little short of the 35 kept days, so a browser clock a bit ahead is not refused.
const CSV_SPAN_MS = 35 * DAY_MS - 3_600_000;
const COLORS = { text: '#8b95a5', grid: '#1c2330', requests: 'rgba(240,185,11,0.8)', rejected: '#ef5350' };

let chart = null;

function createChart() {
  const { createChart: create, HistogramSeries } = globalThis.LightweightCharts;
  const created = create($('history-chart'), {
    autoSize: true,
    // The logo injects a <style> element, which the page's CSP refuses.
    layout: { background: { color: 'transparent' }, textColor: COLORS.text, attributionLogo: false },
    grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
    timeScale: { timeVisible: true, secondsVisible: false, borderColor: COLORS.grid },
    rightPriceScale: { borderColor: COLORS.grid },
    handleScroll: false,
    handleScale: false,
  });
  const series = { lastValueVisible: false, priceLineVisible: false, priceFormat: { type: 'volume' } };
  return {
    chart: created,
    requests: created.addSeries(HistogramSeries, { ...series, color: COLORS.requests }),
    rejected: created.addSeries(HistogramSeries, { ...series, color: COLORS.rejected }),
  };
}

/** Every key and operation summed per hour, as the chart's points (time in seconds). */
function perHour(usage) {
  const hours = new Map();
  for (const bucket of usage) {
    const time = Date.parse(bucket.start) / 1000;
    const hour = hours.get(time) ?? { time, requests: 0, rejected: 0 };
    hour.requests += bucket.requests;
    hour.rejected += bucket.rejected;
    hours.set(time, hour);
  }
  return [...hours.values()].sort((a, b) => a.time - b.time);
}

export async function renderHistory() {
  const from = new Date(Date.now() - CHART_DAYS * DAY_MS).toISOString();
  let usage;
  try {
    ({ usage } = await account('GET', `${USAGE}?from=${encodeURIComponent(from)}&granularity=hour`));
  } catch (error) {
    sayError('history', inWords(error, 'usage'));
    return;
  }
  const hours = perHour(usage);
  if (globalThis.LightweightCharts) {
    chart ??= createChart();
    chart.requests.setData(hours.map(({ time, requests }) => ({ time, value: requests })));
    chart.rejected.setData(hours.map(({ time, rejected }) => ({ time, value: rejected })));
    chart.chart.timeScale().fitContent();
  }
  const total = hours.reduce((sum, hour) => sum + hour.requests, 0);
  const refused = hours.reduce((sum, hour) => sum + hour.rejected, 0);
  $('history-total').textContent = `${total} requests in 7 days, ${refused} of them refused (429).`;
  $('history-chart').dataset.requests = String(total);
}

/** Saves `blob` as `name` through a temporary link. */
function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function downloadCsv(button) {
  await busy(button, async () => {
    const from = new Date(Date.now() - CSV_SPAN_MS).toISOString();
    try {
      const csv = await accountFile(`${USAGE}?from=${encodeURIComponent(from)}&granularity=day`, 'text/csv');
      save(csv, `usage-${new Date().toISOString().slice(0, 10)}.csv`);
      say('history', 'The CSV is downloaded: one row per key, operation and day.');
    } catch (error) {
      sayError('history', inWords(error, 'usage'));
    }
  });
}

export function wireHistory() {
  $('download-csv').addEventListener('click', (event) => void downloadCsv(event.currentTarget));
}

export function forgetHistory() {
  chart?.chart.remove();
  chart = null;
}
