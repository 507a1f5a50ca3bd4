// Live BTCUSDT price and candles from the service's public WebSocket API, and nothing else.
// Plain browser JavaScript (ES2020) on the service's own client (libs/client, loaded before this
// file as /demo/vendor/price-data-client.js, global `PriceDataClient`), which keeps the sockets
// connected. Read it as an example client. Two sockets, and a third once the price is live:
//
// - ws://HOST/api/v1/prices/current?apiKey=KEY
//   first frame: the Price {"price","time"}; then a Price frame for each new last price.
// - ws://HOST/api/v1/prices/klines?interval=1m&limit=300&apiKey=KEY
//   first frame: {"klines":[...]} (the snapshot); then {"klines":[...]} holding only the klines
//   that changed, to upsert by openTime.
// - ws://HOST/api/v1/index/current?apiKey=KEY
//   the index (docs/index.md): the median of the live exchanges with its band, one frame a second;
//   a second without a value sends {"code":"INDEX_UNAVAILABLE",...} and the stream stays open.
//
// A refused connection gets one error frame {"code","message"}, then the close: 4401 bad key,
// 4400 bad parameter, 4429 too many connections for the key. 1013 means "try again later" and
// 1001 "server going away": the client reconnects.
'use strict';

(() => {
  const KEY_STORAGE = 'pds-demo-api-key';
  const INTERVAL_STORAGE = 'pds-demo-interval';
  // The account page's answer to a page it opened (public/account/keys.js).
  const KEY_REQUEST = 'pds-demo-key-request';
  const KEY_ANSWER = 'pds-demo-key';
  const KLINE_LIMIT = 300;
  const VISIBLE_BARS = 120; // of the KLINE_LIMIT loaded; scroll or zoom out to see the rest
  const VOLUME_PANE = 1; // the candles are in pane 0
  // Reconnect after a random time below 1, 2, 4 … 30 s (so many pages do not come back at once),
  // 2 s more after 4429; a connection that delivered its snapshot starts again from 1 s.
  const BACKOFF = { initialDelayMs: 1000, maxDelayMs: 30000, rateLimitedDelayMs: 2000 };
  const COLORS = { up: '#26a69a', down: '#ef5350', text: '#9aa4b2', grid: '#1c2330', panel: '#0e1218' };

  /** What the page does after each close code; `fatal` streams wait for the user to press Connect. */
  function closeOutcome(code) {
    switch (code) {
      case 4401:
        return { fatal: true, title: 'Invalid API key.', hint: 'Enter another key and press Connect.' };
      case 4400:
        return { fatal: true, title: 'The service refused the request.', hint: 'Pick another interval.' };
      case 4429:
        return {
          title: 'Connection limit reached for this key.',
          hint: 'Close other tabs or clients using it.',
        };
      case 1013:
        return { title: 'The service cannot serve this yet.', hint: '' };
      case 1001:
        return { title: 'The server is restarting.', hint: '' };
      default:
        return { title: 'Connection lost.', hint: '' };
    }
  }

  // ---------------------------------------------------------------- one reconnecting stream

  /**
   * One WebSocket operation, kept connected by the service's own client (`PriceDataClient`, the
   * package in libs/client, loaded before this file): it reconnects with backoff and full jitter,
   * gives up on 4401/4400, waits longer after 4429, and for /klines keeps the upserted window.
   * `onMessage(message)` gets each delivery; `onChange()` is called whenever `state` changes:
   * connecting → live → (reconnecting → connecting → live)* | error | stopped.
   */
  class Stream {
    constructor(kind, key, params, onMessage, onChange) {
      const client = PriceDataClient.createPriceDataClient({
        baseUrl: location.origin,
        apiKey: key,
        reconnect: BACKOFF,
      });
      this.state = 'connecting';
      this.problem = null; // { code, title, hint, sent }: why it is not live
      this.retryAt = 0;
      this.stream = client.stream(kind, params);
      const states = {
        connecting: 'connecting',
        live: 'live',
        reconnecting: 'reconnecting',
        failed: 'error',
      };
      this.stream.on('message', onMessage);
      this.stream.on('connect', () => (this.problem = null));
      this.stream.on('disconnect', (event) => this.disconnected(event));
      this.stream.on('state', (state) => {
        if (this.state === 'stopped' || !states[state]) return;
        this.state = states[state];
        onChange();
      });
      queueMicrotask(onChange); // "connecting…" once the page holds this stream
    }

    disconnected({ code, error, delayMs }) {
      const outcome = closeOutcome(code);
      // The error frame's words as sent; a socket that failed on its own has only its close code.
      const sent = error
        ? `The service said: ${error.code}: ${error.message}`
        : `WebSocket close code ${code}.`;
      this.problem = { code, title: outcome.title, hint: outcome.hint, sent };
      this.retryAt = Date.now() + (delayMs || 0);
    }

    /** Closes the socket for good; resolves once the server saw the close (its slot is free). */
    stop() {
      this.state = 'stopped';
      return this.stream.close();
    }
  }

  // ---------------------------------------------------------------- formatting

  /** "97123.45000000" → "97,123.45": exact, from the string (never through a float). */
  function formatDecimal(text, minFraction) {
    const [whole, fraction = ''] = String(text).split('.');
    const trimmed = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return trimmed ? `${grouped}.${trimmed}` : grouped;
  }

  function formatTime(iso) {
    return `${iso.slice(11, 19)} UTC`;
  }

  // ---------------------------------------------------------------- chart

  /** Candles and a volume histogram below them, upserted by openTime. */
  function createCandleChart(container) {
    const chart = LightweightCharts.createChart(container, {
      autoSize: true,
      layout: {
        background: { type: 'solid', color: COLORS.panel },
        textColor: COLORS.text,
        fontSize: 12,
        // The logo injects a <style> element, which the page's CSP refuses; the footer credits TradingView.
        attributionLogo: false,
        panes: { separatorColor: COLORS.grid },
      },
      grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
      rightPriceScale: { borderColor: COLORS.grid },
      timeScale: { borderColor: COLORS.grid, timeVisible: true, secondsVisible: false },
      crosshair: { mode: LightweightCharts.CrosshairMode.Normal },
    });
    const candles = chart.addSeries(LightweightCharts.CandlestickSeries, {
      upColor: COLORS.up,
      downColor: COLORS.down,
      borderVisible: false,
      wickUpColor: COLORS.up,
      wickDownColor: COLORS.down,
    });
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.04 } });
    // Volume in a pane of its own below the candles, with its own price scale: the price axis then
    // ends where the candles do instead of running into the volume bars with negative prices.
    const volume = chart.addSeries(
      LightweightCharts.HistogramSeries,
      { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
      VOLUME_PANE,
    );
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0 } });
    const [pricePane, volumePane] = chart.panes();
    pricePane.setStretchFactor(3);
    volumePane.setStretchFactor(1);

    const klines = new Map(); // chart time (s) → kline as sent
    let lastTime = -Infinity;
    const toTime = (kline) => Date.parse(kline.openTime) / 1000;
    const toCandle = (k) => ({ time: toTime(k), open: +k.open, high: +k.high, low: +k.low, close: +k.close });
    const toVolume = (k) => ({
      time: toTime(k),
      value: +k.volume,
      color: +k.close >= +k.open ? 'rgba(38,166,154,0.45)' : 'rgba(239,83,80,0.45)',
    });
    const redraw = () => {
      const sorted = [...klines.values()].sort((a, b) => toTime(a) - toTime(b));
      candles.setData(sorted.map(toCandle));
      volume.setData(sorted.map(toVolume));
      lastTime = sorted.length ? toTime(sorted[sorted.length - 1]) : -Infinity;
    };
    return {
      chart,
      candles,
      get size() {
        return klines.size;
      },
      latest: () => klines.get(lastTime),
      at: (time) => klines.get(time),
      replace(list) {
        klines.clear();
        for (const kline of list) klines.set(toTime(kline), kline);
        redraw();
        // The latest bars at a fixed width, a little room on the right for the forming one (a short
        // history leaves space on the left rather than stretching a few candles).
        const to = klines.size + 3;
        chart.timeScale().setVisibleLogicalRange({ from: to - VISIBLE_BARS, to });
      },
      upsert(list) {
        for (const kline of list) {
          const time = toTime(kline);
          const known = klines.has(time);
          klines.set(time, kline);
          if (time >= lastTime || known) {
            // Updating an older bar in place is allowed with historicalUpdate (v5.1+).
            candles.update(toCandle(kline), time < lastTime);
            volume.update(toVolume(kline), time < lastTime);
            lastTime = Math.max(lastTime, time);
          } else {
            redraw(); // a kline older than the last one that was not drawn: rare, redraw all
          }
        }
      },
    };
  }

  // ---------------------------------------------------------------- page

  const $ = (id) => document.getElementById(id);
  const ui = {
    form: $('connect'),
    key: $('api-key'),
    interval: $('interval'),
    status: $('status'),
    statusText: $('status-text'),
    price: $('price'),
    priceTime: $('price-time'),
    legend: $('legend'),
    index: $('index'),
    message: $('message'),
  };
  const storage = {
    get: (name) => {
      try {
        return localStorage.getItem(name);
      } catch {
        return null; // storage disabled: the page still works, it just forgets
      }
    },
    set: (name, value) => {
      try {
        localStorage.setItem(name, value);
      } catch {
        // ignored, as above
      }
    },
  };
  const chart = createCandleChart($('chart'));
  // The index stream is not in the badge: a second without an index is the market's state, not the page's.
  const streams = { price: null, klines: null, index: null };
  // Read by the end-to-end test; nothing else depends on it.
  const testState = { state: 'idle', interval: null, candles: 0, priceFrames: 0, indexFrames: 0 };
  window.__demo = testState;

  function onPrice(price) {
    const previous = Number(ui.price.dataset.raw || NaN);
    const direction = Number(price.price) >= previous ? 'up' : 'down';
    ui.price.textContent = formatDecimal(price.price, 2);
    ui.price.dataset.raw = price.price;
    ui.price.dataset.direction = Number.isNaN(previous) ? '' : direction;
    ui.price.classList.remove('flash');
    void ui.price.offsetWidth; // restart the flash animation
    ui.price.classList.add('flash');
    ui.priceTime.textContent = `last trade ${formatTime(price.time)}`;
    document.title = `${ui.price.textContent} · BTCUSDT`;
    testState.priceFrames += 1;
    // Opened once the key has proved good on the price, so a refused key costs one socket per operation.
    if (!streams.index && connectedKey) {
      streams.index = new Stream(
        'index',
        connectedKey,
        {},
        (message) => onIndex(message.data),
        () => {},
      );
    }
  }

  /** The index beside the exchange's price: its value, its band and how many exchanges are in it. */
  function onIndex(index) {
    const included = index.sources.filter((source) => source.included).length;
    const left = index.sources.filter((source) => !source.included);
    ui.index.textContent =
      `Index ${formatDecimal(index.price, 2)} ± ${formatDecimal(index.confidence, 2)} · ` +
      `${included} of ${index.sources.length} exchanges`;
    ui.index.title = left.map((source) => `${source.exchange}: ${source.reason}`).join(', ');
    ui.index.hidden = false;
    testState.indexFrames += 1;
  }

  /** A snapshot (after each reconnection too) redraws the client's window; an update is upserted. */
  function onKlines(interval, message) {
    if (message.type === 'snapshot') chart.replace(message.window);
    else chart.upsert(message.data.klines);
    testState.interval = interval;
    testState.candles = chart.size;
    showLegend(chart.latest());
  }

  function showLegend(kline) {
    if (!kline) return;
    const rows = [
      ['O', formatDecimal(kline.open, 2)],
      ['H', formatDecimal(kline.high, 2)],
      ['L', formatDecimal(kline.low, 2)],
      ['C', formatDecimal(kline.close, 2)],
      ['Vol', formatDecimal(kline.volume, 0)],
    ];
    const interval = document.createElement('span');
    interval.className = 'interval';
    interval.textContent = testState.interval || '';
    ui.legend.replaceChildren(
      interval,
      ...rows.map(([label, value]) => {
        const cell = document.createElement('span');
        const name = document.createElement('b');
        name.textContent = label;
        cell.append(name, ` ${value}`);
        return cell;
      }),
    );
  }

  /** One badge for both streams: the worst state wins, and the first problem is spelled out. */
  function render() {
    const all = [streams.price, streams.klines].filter(Boolean);
    const rank = ['error', 'reconnecting', 'connecting', 'live', 'stopped'];
    const worst = all.reduce((a, b) => (rank.indexOf(b.state) < rank.indexOf(a.state) ? b : a), all[0]);
    const state = worst ? worst.state : 'idle';
    const seconds = worst ? Math.max(1, Math.ceil((worst.retryAt - Date.now()) / 1000)) : 0;
    const words = {
      idle: 'not connected',
      connecting: 'connecting…',
      live: 'live',
      reconnecting: `reconnecting in ${seconds} s`,
      error: 'error',
      stopped: 'not connected',
    };
    ui.status.dataset.state = state;
    ui.statusText.textContent = words[state];
    testState.state = state;
    showProblem(state === 'live' ? null : all.map((stream) => stream.problem).find(Boolean), state);
  }

  function showProblem(problem, state) {
    ui.message.hidden = !problem;
    if (!problem) return;
    ui.message.dataset.state = state; // red when it needs the user, amber while it retries
    const title = document.createElement('strong');
    title.textContent = problem.title;
    const sent = document.createElement('span');
    sent.className = 'sent';
    sent.textContent = problem.sent; // text, never HTML
    ui.message.replaceChildren(title, ` ${problem.hint} `, sent);
  }

  function openKlines(key, interval) {
    const params = { interval, limit: KLINE_LIMIT };
    return new Stream('klines', key, params, (message) => onKlines(interval, message), onStreamChange);
  }

  // Connects and interval switches run one after another, so a socket is always closed before its
  // replacement opens (a key may hold only two per operation), however fast the user clicks.
  let queue = Promise.resolve();
  const serially = (task) => {
    queue = queue.then(task).catch(() => undefined);
  };
  let connectedKey = '';

  /** (Re)connects both streams with the key in the form. */
  async function connect() {
    const key = ui.key.value.trim();
    if (!key) return;
    storage.set(KEY_STORAGE, key);
    connectedKey = key;
    if (!ui.price.dataset.raw) ui.priceTime.textContent = 'waiting for the first price…';
    const open = [streams.price, streams.klines, streams.index];
    streams.index = null;
    await Promise.all(open.map((stream) => stream && stream.stop()));
    streams.price = new Stream('price', key, {}, (message) => onPrice(message.data), onStreamChange);
    streams.klines = openKlines(key, ui.interval.value);
  }

  /** A new interval: only the klines socket changes, with the key already connected. */
  async function switchInterval() {
    storage.set(INTERVAL_STORAGE, ui.interval.value);
    if (!streams.klines) return; // not connected yet: Connect will use it
    await streams.klines.stop();
    streams.klines = openKlines(connectedKey, ui.interval.value);
  }

  /** A key refused on one stream is refused on the other too: stop both until the user acts. */
  function onStreamChange() {
    const all = [streams.price, streams.klines].filter(Boolean);
    if (all.some((stream) => stream.state === 'error' && stream.problem.code === 4401)) {
      for (const stream of all) if (stream.state !== 'error') void stream.stop();
    }
    render();
  }

  /**
   * Opened from the account page with a new key: ask that page (same origin only) for the key over
   * postMessage, so the key never travels in a URL (public/account/keys.js answers).
   */
  function askOpenerForKey() {
    const opener = window.opener;
    if (!opener) return;
    window.addEventListener('message', (event) => {
      if (event.origin !== location.origin || event.source !== opener) return;
      const data = event.data;
      if (!data || data.type !== KEY_ANSWER || typeof data.key !== 'string' || !data.key) return;
      ui.key.value = data.key;
      serially(connect);
    });
    try {
      opener.postMessage(KEY_REQUEST, location.origin);
    } catch {
      // an opener of another origin: nothing to ask
    }
  }

  /** An old link's `?key=` is dropped from the address bar unread: a key does not belong in a URL. */
  function dropKeyFromAddress() {
    const query = new URLSearchParams(location.search);
    if (!query.has('key')) return;
    query.delete('key');
    const rest = query.toString();
    history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  }

  function start() {
    dropKeyFromAddress();
    ui.key.value = storage.get(KEY_STORAGE) || '';
    ui.interval.value = storage.get(INTERVAL_STORAGE) || '1m';
    ui.form.addEventListener('submit', (event) => {
      event.preventDefault();
      serially(connect);
    });
    ui.interval.addEventListener('change', () => serially(switchInterval));
    chart.chart.subscribeCrosshairMove((param) =>
      showLegend(param.time ? chart.at(param.time) : chart.latest()),
    );
    setInterval(() => testState.state === 'reconnecting' && render(), 1000); // the countdown
    if (ui.key.value) serially(connect);
    askOpenerForKey();
  }

  start();
})();
