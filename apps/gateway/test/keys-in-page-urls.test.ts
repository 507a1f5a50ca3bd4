import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './support/accounts-api';
import { accountPage } from './support/account-page';
import { type AccountStack, mailedLink, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

/** The WebSocket operations, the one place the interface wants the key in the URL (`?apiKey=`). */
const STREAM_URL = /^wss?:\/\/[^/]+\/api\/v1\/(prices|index)\/(current|klines)\?/;
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 4(01|03)/;

/**
 * Issue 27: no page puts a key in a URL. Chromium records every URL `/account` and `/demo` ask for
 * while a person signs up, makes a key, opens the demo with it from the account page, and pastes it
 * into the demo's form; only the WebSocket upgrades may carry it.
 */
describe('keys never in the URLs the pages build', () => {
  let stack: AccountStack | undefined;
  const requested: string[] = [];
  const sockets: string[] = [];
  const consoleErrors: string[] = [];
  const email = `no-key-in-urls-${Date.now()}@example.com`;

  function watch(page: Page): void {
    watchConsole(page, consoleErrors, EXPECTED_REFUSALS);
    page.on('websocket', (socket) => sockets.push(socket.url()));
  }

  async function newKeyFromTheAccountPage(): Promise<{ page: Page; key: string }> {
    const page = await stack!.context.newPage();
    await page.goto(`${stack!.harness.url()}/account`);
    const account = accountPage(page);
    await account.signUp(email, PASSWORD);
    await account.shows('#check-mail', email);
    await page.goto(await mailedLink(stack!.sink, email, 'verify'));
    await account.confirm(PASSWORD);
    await account.shows('#account-email', email);
    await account.createKey('no-key-in-urls');
    await page.locator('#new-key').waitFor();
    return { page, key: await page.inputValue('#new-key-value') };
  }

  async function tradeOnce(): Promise<void> {
    const ticker = (await (
      await fetch(`${stack!.sim.restUrl}/api/v3/ticker/price?symbol=BTCUSDT`)
    ).json()) as {
      price: string;
    };
    await stack!.sim.trade(ticker.price, '0.10000000');
  }

  /**
   * Every HTTP request of every page of `context`, popups included: a route sees a popup's first
   * navigation, which the context's `request` event can miss (the page opens before it is watched).
   */
  async function recordRequests(context: BrowserContext): Promise<void> {
    await context.route('**/*', async (route) => {
      requested.push(route.request().url());
      await route.continue();
    });
  }

  /**
   * What the page itself says it requested: its document (the navigation entry keeps the address it
   * was opened with, before any history.replaceState) and every resource and fetch since.
   */
  async function recordFromPage(page: Page): Promise<void> {
    // Evaluated in the browser (no DOM types here): the navigation and resource timing entries.
    const names = await page.evaluate<string[]>(
      "performance.getEntries().filter((e) => e.entryType === 'navigation' || e.entryType === 'resource').map((e) => e.name)",
    );
    requested.push(...names);
  }

  beforeAll(async () => {
    stack = await startAccountStack('keys-in-urls', {});
    await recordRequests(stack.context);
    stack.context.on('page', watch);
  });

  afterAll(() => stack?.stop());

  it('should send the key only in the WebSocket upgrades, from the account page and the demo form', async () => {
    const { page: account, key } = await newKeyFromTheAccountPage();
    expect(key.length).toBeGreaterThanOrEqual(22);
    await tradeOnce();

    const [demo] = await Promise.all([
      stack!.context.waitForEvent('page'),
      account.click('#open-demo', { modifiers: ['Control'] }),
    ]);
    await demo.locator('#price[data-raw]:not([data-raw=""])').waitFor();
    expect(demo.url()).toBe(`${stack!.harness.url()}/demo`);
    await Promise.all([recordFromPage(demo), recordFromPage(account)]);
    await demo.close();

    // A new profile has nothing stored: the key is typed into the demo's form.
    const typed = await stack!.context.browser()!.newContext();
    try {
      await recordRequests(typed);
      const page = await typed.newPage();
      watch(page);
      await page.goto(`${stack!.harness.url()}/demo`);
      await page.fill('#api-key', key);
      await page.press('#api-key', 'Enter');
      await page.locator('#price[data-raw]:not([data-raw=""])').waitFor();
      expect(page.url()).toBe(`${stack!.harness.url()}/demo`);
      await recordFromPage(page);
    } finally {
      await typed.close();
    }

    const carriesKey = (url: string) => url.includes(key) || url.includes(encodeURIComponent(key));
    expect(requested.some((url) => url.endsWith('/demo'))).toBe(true);
    expect(requested.filter(carriesKey).filter((url) => !STREAM_URL.test(url))).toEqual([]);
    const keyedSockets = sockets.filter(carriesKey);
    expect(keyedSockets.length).toBeGreaterThanOrEqual(4);
    for (const url of keyedSockets) expect(url).toMatch(STREAM_URL);
    expect(consoleErrors).toEqual([]);
  });
});
