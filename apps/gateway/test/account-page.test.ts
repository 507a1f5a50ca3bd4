import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PASSWORD } from './support/accounts-api';
import { adminApi } from './support/admin-api';
import { accountPage, type AccountPage, ARTIFACTS } from './support/account-page';
import { type AccountStack, mailedLink, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';
import type { GatewayHarness } from './support/gateway-harness';
import type { PaymentsSim, Sim } from '@pds/testing';

/**
 * The account page in a real browser (Debian's chromium driven by playwright-core) against the real
 * stack: gateway, exchange simulator and ingestor, payments simulator and mail sink.
 */
const README_SCREENSHOT = resolve(__dirname, '../../../docs/account.png');
const KEY_CAP = 2;
// Refused requests the page makes on purpose (a reload while signed out, a wrong password, ...).
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 4(00|01|03|09|29)/;

describe('the /account page in headless Chromium', () => {
  let stack: AccountStack | undefined;
  let harness: GatewayHarness;
  let sim: Sim;
  let payments: PaymentsSim;
  const consoleErrors: string[] = [];
  const email = `person-${Date.now()}@example.com`;

  /** A new tab of the one browser profile the person uses throughout (its cookies carry over). */
  async function openAccountPage(): Promise<AccountPage> {
    const page = await stack!.context.newPage();
    watchConsole(page, consoleErrors, EXPECTED_REFUSALS);
    await page.goto(`${harness.url()}/account`);
    return accountPage(page);
  }

  beforeAll(async () => {
    stack = await startAccountStack('account-page', { FREE_PLAN_API_KEYS: String(KEY_CAP) });
    ({ harness, sim, payments } = stack);
  });

  afterAll(() => stack?.stop());

  afterEach(() => {
    // A CSP violation, a script error or an unexpected failed load would show up here.
    expect(consoleErrors).toEqual([]);
  });

  it('should sign up, confirm through the mailed link and sign in, surviving a reload at each step', async () => {
    const account = await openAccountPage();
    expect(await account.view()).toBe('signed-out');
    await account.signUp(email, PASSWORD);
    await account.shows('#check-mail', email);
    await account.page.getByRole('button', { name: 'Send the mail again' }).click();
    await account.notice(`A new confirmation link is on its way to ${email}`, 'check-mail');
    await account.screenshot('1-check-your-mail');

    await account.reloadedAs('signed-out');
    await account.signIn(email, PASSWORD);
    await account.error('not confirmed yet', 'sign-in');

    // The link asks for the sign-up password; a wrong one leaves the link usable.
    const verify = await mailedLink(stack!.sink, email, 'verify');
    await account.page.goto(verify);
    expect(account.page.url()).toBe(`${harness.url()}/account`);
    await account.confirm('not the password I chose');
    await account.error('not the password you signed up with', 'confirm');
    await account.confirm(PASSWORD);
    await account.notice('Your email address is confirmed and you are signed in.');
    await account.page.goto(verify);
    await account.confirm('anything at all here');
    await account.error('This email address is already confirmed; sign in.', 'sign-in');

    await account.signIn(email, 'not the right password');
    await account.error('Wrong email or password.', 'sign-in');
    expect(await account.page.inputValue('#sign-in input[name="password"]')).toBe('');
    await account.signIn(email, PASSWORD);
    await account.shows('#account-email', email);
    expect(await account.page.textContent('#account-plan')).toBe('Free');
    expect(await account.page.textContent('#limit-requests')).toBe('40');
    expect(await account.page.textContent('#limit-keys')).toBe(String(KEY_CAP));
    await account.reloadedAs('signed-in');
    await account.shows('#account-email', email);
    await account.page.close();
  });

  it('should keep the sign-in when two tabs restore it at the same moment', async () => {
    // Each load spends the refresh cookie for a new one; a spent one sent again ends the sign-in.
    const [first, second] = await Promise.all([openAccountPage(), openAccountPage()]);
    expect([await first.view(), await second.view()]).toEqual(['signed-in', 'signed-in']);
    await Promise.all([first.reloadedAs('signed-in'), second.reloadedAs('signed-in')]);
    await first.reloadedAs('signed-in');
    await Promise.all([first.page.close(), second.page.close()]);
  });

  it('should show a new key once, open /demo with it, count its use live and refuse one key too many', async () => {
    const account = await openAccountPage();
    expect(await account.view()).toBe('signed-in');
    await account.createKey('trading-bot');
    await account.page.locator('#new-key').waitFor();
    const key = await account.page.inputValue('#new-key-value');
    expect(key.length).toBeGreaterThanOrEqual(22);
    await account.keyRow('trading-bot').locator('td', { hasText: 'active' }).waitFor();
    // The list tells keys apart by their first characters, never the key itself.
    await account
      .keyRow('trading-bot')
      .locator('td', { hasText: `${key.slice(0, 8)}…` })
      .waitFor();
    await stack!.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url() });
    expect(await account.copyNewKey()).toBe(key);
    await account.usage('getCurrentPrice', '0 of 40');
    await account.screenshot('2-new-key');

    // Used elsewhere, the key's usage shows up without a reload.
    const used = await fetch(`${harness.url()}/api/v1/prices/current`, { headers: { 'x-api-key': key } });
    expect([200, 503]).toContain(used.status);
    await account.usage('getCurrentPrice', '1 of 40');

    // The usage CSV (a Blob, fetched with the session) has the request once its tally is written.
    const csv = await account.usageCsvWith(/,trading-bot,getCurrentPrice,[^,]+,1,0$/);
    expect(csv[0]).toBe('keyId,keyName,operation,start,requests,rejected');
    await account.notice('The CSV is downloaded', 'history');

    // The live demo, opened with the new key, connects with it.
    const ticker = (await (await fetch(`${sim.restUrl}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    await sim.trade(ticker.price, '0.10000000');
    const [demo] = await Promise.all([
      stack!.context.waitForEvent('page'),
      account.page.click('#open-demo', { modifiers: ['Control'] }),
    ]);
    // The price comes only over a socket the key opened: the demo took the key from the link.
    await demo.locator('#price[data-raw]:not([data-raw=""])').waitFor();
    expect(demo.url()).toBe(`${harness.url()}/demo`);
    await demo.close();

    // A boost granted to the account raises the key's effective limits and is listed with its end.
    const accountId = await harness.redis.hget(harness.keys.accountEmailIndex(), email.toLowerCase());
    const granted = await adminApi(harness.url()).call('POST', `/accounts/${accountId}/boosts`, {
      extraRequestsPerMinute: 10,
      expiresInSeconds: 3600,
    });
    expect(granted.status).toBe(201);
    await account.shows('#boosts li', '+10 requests a minute until');
    await account.usage('getKlines', '0 of 50');

    await account.createKey('second');
    await account.keyRow('second').waitFor();
    await account.createKey('third');
    await account.error(`The free plan allows ${KEY_CAP} API keys; revoke one to create another.`, 'keys');
    await account.screenshot('3-key-cap');

    // Shown once: after a reload the key is listed, never shown again.
    await account.reloadedAs('signed-in');
    await account.keyRow('trading-bot').waitFor();
    expect(await account.page.isHidden('#new-key')).toBe(true);
    expect(await account.page.content()).not.toContain(key);
    await account.page.close();
  });

  it('should come back from a declined checkout unchanged, then upgrade and buy a boost on the payments simulator’s Checkout page, signed in throughout', async () => {
    const account = await openAccountPage();
    expect(await account.view()).toBe('signed-in');
    const back = `${harness.url()}/account`;
    const upgrade = account.page.getByRole('button', { name: 'Upgrade · 9.00 USD a month' });
    // Declined first: back on the page, signed in, told so, and the plan is what it was.
    await account.answerCheckout('Decline', upgrade, payments.baseUrl, back);
    await account.notice('Checkout was cancelled; nothing was charged and your plan is unchanged.');
    expect(await account.view()).toBe('signed-in');
    expect(await account.page.textContent('#account-plan')).toBe('Free');
    expect(await account.page.textContent('#limit-requests')).toBe('40');
    await account.payThrough(upgrade, payments.baseUrl, back, '4-checkout');
    await account.notice('Payment received: your new plan’s limits apply within seconds.');
    expect(await account.view()).toBe('signed-in');
    // The webhook moves the account to Pro; the page shows it without a reload.
    await account.shows('#limit-requests', '300');
    expect(await account.page.textContent('#account-plan')).toBe('Pro');
    expect(await account.page.textContent('#subscription')).toContain('active');
    await account.reloadedAs('signed-in');
    await account.shows('#limit-keys', '10');

    // The customer portal, and back.
    await account.page.getByRole('button', { name: 'Manage billing (customer portal)' }).click();
    await account.page.waitForURL(`${payments.baseUrl}/**`);
    await account.page.getByRole('link', { name: 'Return' }).click();
    await account.page.waitForURL((url) => url.pathname === '/account');
    await account.notice('Back from the billing portal');
    expect(await account.view()).toBe('signed-in');
    expect(account.page.url()).toBe(back);

    const hourBoost = account.page.locator('#boost-offers [data-boost="boost_hour"]');
    await account.payThrough(
      hourBoost.getByRole('button', { name: 'Buy · 2.00 USD' }),
      payments.baseUrl,
      back,
    );
    await account.notice('Payment received: your boost applies to every key within seconds.');
    await account.reloadedAs('signed-in');
    // Boosts show on a key's usage: Pro's 300, the admin's +10 and the bought +200.
    await account.createKey('after-boost');
    await account.shows('#boosts li', '+200 requests a minute, +3 WebSocket connections until');
    await account.usage('getKlines', '0 of 510');
    await account.screenshot('5-pro-with-boost');
    // Tracked in git for the README; rewritten only on request: UPDATE_README_SCREENSHOT=1.
    if (process.env.UPDATE_README_SCREENSHOT === '1') {
      copyFileSync(resolve(ARTIFACTS, '5-pro-with-boost.png'), README_SCREENSHOT);
    }
    await account.page.close();
  });

  it('should revoke a key only once confirmed, and sign out for good', async () => {
    const account = await openAccountPage();
    expect(await account.view()).toBe('signed-in');
    const row = account.keyRow('trading-bot');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.getAttribute('data-state')).toBe('active');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await account.screenshot('6-confirm-revoke');
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await account.notice('is revoked', 'keys');
    await account.shows('#keys tr[data-state="revoked"]', 'trading-bot');
    await account.reloadedAs('signed-in');
    await account.shows('#keys tr[data-state="revoked"]', 'trading-bot');

    await account.page.getByRole('button', { name: 'Sign out' }).click();
    await account.notice('You are signed out.');
    await account.reloadedAs('signed-out');
    await account.page.close();
  });

  it('should reset a forgotten password from the page, then lock a stranger’s sign-in after repeated failures while the owner still gets in', async () => {
    const account = await openAccountPage();
    await account.page.getByText('Forgot your password?').click();
    await account.page.locator('#forgot').getByLabel('Email').fill(email);
    await account.page.getByRole('button', { name: 'Mail me a reset link' }).click();
    await account.notice('a reset link is on its way', 'forgot');

    const reset = await mailedLink(stack!.sink, email, 'reset');
    await account.page.goto(reset);
    expect(await account.view()).toBe('signed-out');
    const newPassword = `${PASSWORD} renewed`;
    await account.page.locator('#reset').getByLabel('New password').fill(newPassword);
    await account.page.getByRole('button', { name: 'Set the new password' }).click();
    await account.notice('Your password is changed', 'sign-in');
    await account.signIn(email, newPassword);
    await account.shows('#account-email', email);
    await account.page.getByRole('button', { name: 'Sign out' }).click();
    await account.notice('You are signed out.');

    // 10 failed sign-ins in 15 minutes from a stranger's address lock the account for strangers:
    // their 11th attempt is refused in words, while the owner's own address still gets in.
    await account.page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.7' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await account.signIn(email, `wrong password number ${attempt}`);
      await account.error('Wrong email or password.', 'sign-in');
    }
    await account.signIn(email, newPassword);
    await account.error(
      /Sign-in is locked\. Too many failed sign-ins for this account\. Retry after \d+ seconds\./,
      'sign-in',
    );
    await account.screenshot('7-locked');
    await account.page.setExtraHTTPHeaders({});
    await account.signIn(email, newPassword);
    await account.shows('#account-email', email);
    await account.page.close();
  });
});
