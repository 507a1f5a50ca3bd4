import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { klinesFromRows } from '@pds/exchange';
import type { Interval } from '@pds/market';
import { type RunningApp, spawnApp, spawnIngestor } from '@pds/testing';
import type { Browser, Page } from 'playwright-core';
import { ensureChromium, launchChromium, watchConsole } from './support/browser';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

/**
 * The demo page in a real browser (Debian's chromium driven by playwright-core) against the real
 * stack: the simulator without background trades (only the trades injected here happen), the
 * ingestor and the gateway.
 */
const ROOT = resolve(__dirname, '../../..');
const SCREENSHOT = resolve(ROOT, 'test-artifacts/demo.png');
// Tracked in git for the README; rewritten only on request: UPDATE_README_SCREENSHOT=1.
const README_SCREENSHOT = resolve(ROOT, 'docs/demo.png');
const INTERVAL: Interval = '5m';

/** What the page exposes for tests as `window.__demo` (read in the browser; no DOM types here). */
interface DemoState {
  readonly state: string;
  readonly interval: string | null;
  readonly candles: number;
}

/** Price plus `cents`, as the exchange's 8-decimal string (prices move in 0.01 ticks). */
function priceAbove(price: string, cents: number): string {
  const total = Math.round(Number(price) * 100) + cents;
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}000000`;
}

/** Polls Redis (not the API, whose requests count toward the key's rate limit) until `probe` holds. */
async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/** As the page shows it: thousands separators and at least two decimals. */
function shown(price: string): string {
  return Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 });
}

describe('the /demo page in headless Chromium', () => {
  let harness: GatewayHarness;
  // Optional so that afterAll can clean up after a beforeAll that failed halfway.
  let sim: RunningApp | undefined;
  let ingestor: RunningApp | undefined;
  let browser: Browser | undefined;
  let key: string;
  let lastPrice: string;
  const consoleErrors: string[] = [];

  const simUrl = (path: string): string => `http://127.0.0.1:${sim?.port ?? 0}${path}`;

  async function trade(price: string, qty = '0.25000000'): Promise<void> {
    const response = await fetch(simUrl('/sim/trade'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price, qty }),
    });
    expect(response.status).toBe(200);
  }

  /**
   * Closed klines of the simulator's history, written as the cache worker's warm-up would (that
   * worker is not part of this stack), so the chart has a past to draw.
   */
  async function seedHistory(interval: Interval): Promise<void> {
    const rows: unknown = await (
      await fetch(simUrl(`/api/v3/klines?symbol=BTCUSDT&interval=${interval}`))
    ).json();
    const write = harness.redis.multi();
    for (const kline of klinesFromRows(rows, interval, Date.now()).filter((each) => each.isClosed)) {
      write.zadd(
        harness.keys.closedKlines('btcusdt', interval),
        Date.parse(kline.openTime),
        JSON.stringify(kline),
      );
    }
    await write.exec();
  }

  async function openPage(): Promise<Page> {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    // A WebSocket error names its URL, key and all: the key is cut out before anything is printed.
    watchConsole(page, consoleErrors, undefined, (text) => text.replace(/apiKey=[^&\s'"]*/g, 'apiKey=…'));
    await page.goto(`${harness.url()}/demo`);
    return page;
  }

  async function connectWith(page: Page, apiKey: string, interval: Interval = '1m'): Promise<void> {
    await page.fill('#api-key', apiKey);
    await page.selectOption('#interval', interval);
    await page.click('#connect-button');
  }

  /** Both streams live, and the chart holds candles of `interval`. */
  const live = (page: Page, interval: Interval) =>
    page.waitForFunction(
      (wanted) => {
        const demo = (globalThis as unknown as { __demo: DemoState }).__demo;
        return demo.state === 'live' && demo.interval === wanted && demo.candles > 0;
      },
      interval,
      { timeout: 15_000 },
    );

  const demoState = (page: Page): Promise<DemoState> =>
    page.evaluate(() => (globalThis as unknown as { __demo: DemoState }).__demo);

  beforeAll(async () => {
    ensureChromium();
    harness = await gatewayHarness('demo-page');
    [sim, browser] = await Promise.all([
      spawnApp('exchange-sim', { SIM_SEED: '1', SIM_TRADES_PER_SECOND: '0', SIM_KLINE_PUSH_MS: '250' }),
      launchChromium(),
      harness.startGateway(),
    ]);
    ingestor = await spawnIngestor(harness, {
      wsUrl: simUrl('').replace('http:', 'ws:'),
      restUrl: simUrl(''),
    });
    key = (await harness.createKey({ name: 'demo-page' })).key;
    const ticker = (await (await fetch(simUrl('/api/v3/ticker/price?symbol=BTCUSDT'))).json()) as {
      price: string;
    };
    await seedHistory(INTERVAL);
    // The first trade gives the service market data: until then the streams answer 1013.
    lastPrice = priceAbove(ticker.price, 0);
    await trade(lastPrice);
    const latest = harness.keys.latestPrice('btcusdt');
    await until(async () => (await harness.redis.get(latest)) !== null, 'the first price');
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([ingestor?.stop(), sim?.stop()]);
    await harness.close();
  });

  afterEach(() => {
    // A CSP violation, a script error or a failed load would show up here.
    expect(consoleErrors).toEqual([]);
  });

  it('should show the price of an injected trade and draw candles for the chosen interval', async () => {
    const page = await openPage();
    await connectWith(page, key, INTERVAL);
    await live(page, INTERVAL);
    await page.waitForSelector(`#price[data-raw="${lastPrice}"]`);

    // A few trades around the price shape the forming candle; the last one has a price of its own.
    for (const cents of [-1234, 2150, 675]) await trade(priceAbove(lastPrice, cents));
    const distinctive = priceAbove(lastPrice, 987);
    await trade(distinctive, '0.50000000');
    const price = await page.waitForSelector(`#price[data-raw="${distinctive}"]`);
    expect(await price.textContent()).toBe(shown(distinctive));
    // The klines stream's delta reached the chart: the forming candle closes at that price.
    await page.locator('#legend', { hasText: `C ${shown(distinctive)}` }).waitFor();
    expect((await demoState(page)).candles).toBeGreaterThan(100);
    expect(await page.textContent('#status')).toContain('live');

    mkdirSync(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    if (process.env.UPDATE_README_SCREENSHOT === '1') copyFileSync(SCREENSHOT, README_SCREENSHOT);
    await page.context().close();
  });

  it('should show an invalid key in words and not retry until another key is entered', async () => {
    const page = await openPage();
    const attempts: string[] = [];
    page.on('websocket', (socket) => attempts.push(new URL(socket.url()).pathname));
    await connectWith(page, 'not-a-key-of-this-service');

    const message = await page.waitForSelector('#message:not([hidden])');
    expect(await message.textContent()).toContain('Invalid API key');
    expect(await page.getAttribute('#status', 'data-state')).toBe('error');
    expect(attempts.sort()).toEqual(['/api/v1/prices/current', '/api/v1/prices/klines']);
    // The one fixed wait: proving that nothing happens needs time. A retry with backoff would come
    // within about a second, a tight loop within milliseconds; in 4 s there must be none at all.
    await page.waitForTimeout(4_000);
    expect(attempts).toHaveLength(2);

    await connectWith(page, key);
    await live(page, '1m');
    expect(await page.isHidden('#message')).toBe(true);
    await page.context().close();
  });

  it('should show the connection limit, retry with backoff and go live once a slot is free', async () => {
    const limited = (await harness.createKey({ name: 'demo-one-connection', wsConnections: 1 })).key;
    const first = await openPage();
    await connectWith(first, limited);
    await live(first, '1m');

    const second = await openPage();
    await connectWith(second, limited);
    const message = await second.waitForSelector('#message:not([hidden])');
    expect(await message.textContent()).toContain('Connection limit reached');
    await second.waitForSelector('#status[data-state="reconnecting"]');

    await first.context().close();
    await live(second, '1m');

    // A new interval closes the old klines socket before it opens the new one: with one
    // connection allowed, the switch must not be refused.
    const refusals: string[] = [];
    second.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('RATE_LIMIT_EXCEEDED'))
          refusals.push(new URL(socket.url()).pathname);
      }),
    );
    await second.selectOption('#interval', INTERVAL);
    await live(second, INTERVAL);
    expect(refusals).toEqual([]);
    await second.context().close();
  });
});
