// Usage history (GET /api/v1/account/usage): a chart of each key's requests per hour over the last
// 7 days (a line per key, named in the legend), the 429s of every key in red, and a CSV of the kept
// 35 days per day, fetched with the session and saved from a Blob (no token ever goes into a URL).
import { account, accountFile } from './api.js';
import { $, busy, counted, el, say, sayError } from './dom.js';
import { inWords } from './words.js';

const USAGE = '/api/v1/account/usage';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const CHART_DAYS = 7;
// A little short of the 35 kept days, so a browser clock a bit ahead is not refused.
const CSV_SPAN_MS = 35 * DAY_MS - HOUR_MS;
const COLORS = { text: '#8b95a5', grid: '#1c2330', rejected: '#ef5350' };
const KEY_COLORS = ['#f0b90b', '#26a69a', '#42a5f5', '#ab47bc', '#ff7043', '#d4e157', '#8d6e63', '#ec407a'];
const SERIES = { lastValueVisible: false, priceLineVisible: false, priceFormat: { type: 'volume' } };

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
  const rejected = created.addSeries(HistogramSeries, { ...SERIES, color: COLORS.rejected });
  return { chart: created, rejected, keys: new Map() };
}

/** Each key's requests per hour (every operation), and every key's 429s per hour. */
function perKeyAndHour(usage) {
  const keys = new Map();
  const rejected = new Map();
  for (const bucket of usage) {
    const time = Date.parse(bucket.start) / 1000;
    const key = keys.get(bucket.keyId) ?? {
      id: bucket.keyId,
      name: bucket.keyName,
      hours: new Map(),
      total: 0,
    };
    key.hours.set(time, (key.hours.get(time) ?? 0) + bucket.requests);
    key.total += bucket.requests;
    keys.set(bucket.keyId, key);
    rejected.set(time, (rejected.get(time) ?? 0) + bucket.rejected);
  }
  return { keys: [...keys.values()], rejected };
}

/** Every hour of the chart (seconds), so a key's line drops to 0 where it made no request. */
function chartHours(now = Date.now()) {
  const last = Math.floor(now / HOUR_MS) * HOUR_MS;
  return Array.from(
    { length: CHART_DAYS * 24 + 1 },
    (_, n) => (last - (CHART_DAYS * 24 - n) * HOUR_MS) / 1000,
  );
}

function drawKeys(keys, hours) {
  const { LineSeries } = globalThis.LightweightCharts;
  for (const [id, series] of chart.keys) {
    if (!keys.some((key) => key.id === id)) {
      chart.chart.removeSeries(series);
      chart.keys.delete(id);
    }
  }
  keys.forEach((key, index) => {
    const color = KEY_COLORS[index % KEY_COLORS.length];
    let series = chart.keys.get(key.id);
    if (!series) {
      series = chart.chart.addSeries(LineSeries, { ...SERIES, lineWidth: 2 });
      chart.keys.set(key.id, series);
    }
    series.applyOptions({ color, title: key.name });
    series.setData(hours.map((time) => ({ time, value: key.hours.get(time) ?? 0 })));
  });
}

/** The legend names each key with its colour and its requests in the 7 days. */
function legendItem(key, index) {
  const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
  // A CSSOM property, which the page's CSP allows (an inline style attribute it would refuse).
  swatch.style.backgroundColor = KEY_COLORS[index % KEY_COLORS.length];
  const attributes = { 'data-key-id': key.id, 'data-requests': String(key.total) };
  return el('li', attributes, swatch, `${key.name}: ${counted(key.total, 'request')}`);
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
  const { keys, rejected } = perKeyAndHour(usage);
  keys.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  if (globalThis.LightweightCharts) {
    chart ??= createChart();
    const hours = chartHours();
    drawKeys(keys, hours);
    chart.rejected.setData(hours.map((time) => ({ time, value: rejected.get(time) ?? 0 })));
    chart.chart.timeScale().fitContent();
  }
  $('history-legend').replaceChildren(...keys.map(legendItem));
  const total = keys.reduce((sum, key) => sum + key.total, 0);
  const refused = [...rejected.values()].reduce((sum, count) => sum + count, 0);
  $('history-total').textContent =
    `${counted(total, 'request')} in 7 days, ${refused} of them refused (429).`;
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
