import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { signUp } from './support/accounts-api';
import { accountPage, ARTIFACTS } from './support/account-page';
import { type AccountStack, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

/** A phone: 390 × 844 CSS pixels, laid out as a mobile browser does (viewport meta honoured). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** How wide the page is laid out, and how wide the screen is. */
const widths = (page: Page): Promise<{ scroll: number; screen: number }> =>
  page.evaluate('({ scroll: document.documentElement.scrollWidth, screen: window.innerWidth })');

/** Waits for /demo's candle legend; if it never fills, the failure says what the page showed instead. */
async function legendFilled(page: Page): Promise<void> {
  try {
    await page.locator('#legend b').first().waitFor();
  } catch (error) {
    // A page that cannot be read (closed, crashed) must not hide the wait's own error.
    const shown = await page
      .evaluate(
        '({ demo: window.__demo, status: document.getElementById("status-text")?.textContent, ' +
          'problem: document.getElementById("message")?.textContent })',
      )
      .catch((unread: unknown) => `unreadable: ${String(unread)}`);
    throw new Error(`${String(error)}\nthe page showed: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/**
 * Issue 26, acceptance 3 and 4: on a phone, /account (signed in, with keys and a subscription),
 * /demo and /docs are no wider than the screen; a first visit to /account signed out logs no error.
 * Screenshots are left in test-artifacts/account for a person to look at.
 */
describe('the pages on a 390 px phone, in headless Chromium', () => {
  let stack: AccountStack | undefined;
  let phone: BrowserContext;
  const consoleErrors: string[] = [];
  const email = `phone-${Date.now()}@example.com`;

  async function shot(page: Page, name: string): Promise<void> {
    const path = resolve(ARTIFACTS, `${name}.png`);
    await accountPage(page).screenshot(name);
    process.stdout.write(`screenshot: ${path}\n`);
  }

  beforeAll(async () => {
    stack = await startAccountStack('account-phone', {});
    phone = await stack.browser.newContext(PHONE);
    // Generous: with the whole suite on a slow 2-core machine, /docs took over 30 s to render.
    phone.setDefaultTimeout(90_000);
  });

  afterAll(() => stack?.stop());

  afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  it('should open /account signed out on a first visit without a single console error', async () => {
    const page = await phone.newPage();
    watchConsole(page, consoleErrors);
    await page.goto(`${stack!.harness.url()}/account`);
    expect(await accountPage(page).view()).toBe('signed-out');
    expect(await widths(page)).toEqual({ scroll: 390, screen: 390 });
    await shot(page, 'phone-1-signed-out');
    await page.close();
  });

  it('should fit /account signed in, with keys and a Pro subscription, into 390 px', async () => {
    const { harness, payments } = stack!;
    await signUp(harness.url(), stack!.sink, email);
    const page = await phone.newPage();
    // Wrong passwords and the like are refused on purpose in this walk; nothing else may fail.
    watchConsole(page, consoleErrors, /status of 40[13]/);
    await page.goto(`${harness.url()}/account`);
    const account = accountPage(page);
    await account.signIn(email, 'correct horse battery staple');
    await account.shows('#account-email', email);
    await account.createKey('a rather long name for a phone-sized keys table');
    await account.keyRow('a rather long name').waitFor();
    await account.createKey('second');
    await account.keyRow('second').waitFor();
    const back = `${harness.url()}/account`;
    await account.payThrough(
      page.getByRole('button', { name: /^Upgrade · 9\.00 USD/ }),
      payments.baseUrl,
      back,
    );
    await account.shows('#account-plan', 'pro');
    await account.shows('#subscription', 'active');
    // Everything the page shows once loaded: the keys, the usage history, the first invoice.
    await account.keyRow('a rather long name').waitFor();
    await account.shows('#history-total', 'requests in 7 days');
    await page.locator('#invoices tr[data-invoice-id]').first().waitFor();
    expect((await widths(page)).scroll).toBeLessThanOrEqual(390);
    await shot(page, 'phone-2-account');
    await page.close();
  });

  it('should fit /demo into 390 px, connected, its legend filled', async () => {
    const { harness, sim } = stack!;
    const { key } = await harness.createKey();
    const ticker = (await (await fetch(`${sim.restUrl}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    await sim.trade(ticker.price, '0.10000000');
    const page = await phone.newPage();
    watchConsole(page, consoleErrors);
    await page.goto(`${harness.url()}/demo`);
    await page.fill('#api-key', key);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('#price[data-raw]:not([data-raw=""])').waitFor();
    await legendFilled(page);
    expect((await widths(page)).scroll).toBeLessThanOrEqual(390);
    await shot(page, 'phone-3-demo');
    await page.close();
  });

  it('should lay /docs out at the phone’s width (not 980 px) and fit it into 390 px', async () => {
    const page = await phone.newPage();
    watchConsole(page, consoleErrors);
    await page.goto(`${stack!.harness.url()}/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    expect(await widths(page)).toEqual({ scroll: 390, screen: 390 });
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await page.locator('.swagger-ui .opblock-body').first().waitFor();
    expect((await widths(page)).scroll).toBeLessThanOrEqual(390);
    await shot(page, 'phone-4-docs');
    await page.close();
  });
});
