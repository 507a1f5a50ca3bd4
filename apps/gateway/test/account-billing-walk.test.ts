import { mailTo } from '@pds/testing';
import { until } from './support/admin-api';
import { PASSWORD, signUp } from './support/accounts-api';
import { accountPage, type AccountPage } from './support/account-page';
import { type AccountStack, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

const DAY_SECONDS = 86_400;
// Refused on purpose in this walk: a plan change from a tab that still shows a plan that has ended.
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 409/;

/**
 * Issue 26, acceptance 1 and 4, in a real browser against the real stack: Pro → Business at once
 * → Pro at the period end; a declined renewal (past_due, Fix payment, a mail) → card fixed →
 * active; retries exhausted → free and a mail. Every answer is read beside the control that asked.
 */
describe('a paying customer’s account page through plan changes and a failed renewal', () => {
  let stack: AccountStack | undefined;
  let account: AccountPage;
  let key: string;
  const consoleErrors: string[] = [];
  const email = `payer-${Date.now()}@example.com`;
  const sim = (path: string, body?: object) => stack!.payments.control('POST', path, body);

  /** The key's REST limit as the gateway applies it (X-RateLimit-Limit), polled up to 5 s. */
  const limitBecomes = (limit: number) =>
    until(
      async () =>
        Number(
          (
            await fetch(`${stack!.harness.url()}/api/v1/api-keys/me`, { headers: { 'x-api-key': key } })
          ).headers.get('x-ratelimit-limit'),
        ),
      (value) => value === limit,
      5_000,
      `a limit of ${limit}`,
    );

  async function subscriptionId(): Promise<string> {
    const { harness, payments } = stack!;
    const accountId = await harness.redis.hget(harness.keys.accountEmailIndex(), email.toLowerCase());
    const customer = await harness.redis.hget(harness.keys.account(accountId ?? ''), 'stripeCustomerId');
    const list = await payments.stripe.subscriptions.list({ customer: customer ?? '', status: 'all' });
    return list.data[0]?.id ?? '';
  }

  const mailed = (subject: string) =>
    stack!.sink.waitForMail((mail) => mailTo(email)(mail) && mail.subject === subject);

  beforeAll(async () => {
    stack = await startAccountStack('account-billing-walk', {});
    await signUp(stack.harness.url(), stack.sink, email);
    const page = await stack.context.newPage();
    watchConsole(page, consoleErrors, EXPECTED_REFUSALS);
    await page.goto(`${stack.harness.url()}/account`);
    account = accountPage(page);
    await account.signIn(email, PASSWORD);
    await account.createKey('walker');
    await page.locator('#new-key').waitFor();
    key = await page.inputValue('#new-key-value');
  });

  afterAll(() => stack?.stop());

  afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  it('should change Pro to Business at once with a proration invoice, then to Pro at the period end', async () => {
    const { page } = account;
    const back = `${stack!.harness.url()}/account`;
    await account.payThrough(
      page.getByRole('button', { name: /^Upgrade · 9\.00 USD/ }),
      stack!.payments.baseUrl,
      back,
    );
    await account.shows('#account-plan', 'pro');
    await limitBecomes(300);

    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Change to Business' }).click();
    await account.notice('Changed to Business: its limits apply now', 'plans');
    await limitBecomes(1200);
    await account.shows('#limit-requests', '1200');
    await account.shows('#account-plan', 'business');
    // Newest first: the proration, then the first month of Pro.
    await page.locator('#invoices tr[data-invoice-id]').nth(1).waitFor();
    const amounts = await page.locator('#invoices td[data-label="Amount"]').allTextContents();
    expect(amounts).toHaveLength(2);
    expect(amounts[1]).toBe('9.00 USD');
    expect(Number(amounts[0]?.split(' ')[0])).toBeGreaterThan(39);
    expect(
      await page.locator('#invoices a', { hasText: 'View invoice' }).first().getAttribute('href'),
    ).toMatch(new RegExp(`^${stack!.payments.baseUrl}`));
    await account.screenshot('walk-1-business');

    await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Change to Pro' }).click();
    await account.notice(
      /Pro is scheduled from \d{4}-\d{2}-\d{2}, the end of the paid period; Business stays/,
      'plans',
    );
    await account.shows('#subscription', /changes to pro on \d{4}-\d{2}-\d{2}/);
    await account.shows('[data-plan="pro"] .badge', 'scheduled');
    await account.screenshot('walk-2-downgrade-scheduled');
    await limitBecomes(1200);

    await sim(`/subscriptions/${await subscriptionId()}/advance-to-period-end`);
    await limitBecomes(300);
    await account.shows('#account-plan', 'pro');
    await account.shows('#subscription', /active, renews/);
  });

  it('should show a declined renewal as past_due with Fix payment and a mail, then active once the card is fixed', async () => {
    const { page } = account;
    const subscription = await subscriptionId();
    await sim(`/subscriptions/${subscription}/fail-next-renewal`);
    await sim(`/subscriptions/${subscription}/advance-to-period-end`);
    await page.locator('#past-due:not([hidden])').waitFor();
    await account.shows('#subscription', 'payment failed');
    expect(await page.textContent('#account-plan')).toBe('pro');
    const mail = await mailed('Your payment for the Pro plan failed');
    expect(mail.text).toContain('Fix payment');
    await account.screenshot('walk-3-past-due');

    // Fix payment opens the customer portal; its Return comes back with a notice.
    await page.getByRole('link', { name: 'Fix payment' }).click();
    await page.waitForURL(`${stack!.payments.baseUrl}/**`);
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await account.notice('Back from the billing portal');

    await sim(`/subscriptions/${subscription}/fix-card`);
    await stack!.payments.control('POST', '/clock/advance', { seconds: 3 * DAY_SECONDS });
    await account.shows('#subscription', /active, renews/);
    expect(await page.isHidden('#past-due')).toBe(true);
  });

  it('should end the plan on free with a mail once every retry is declined, an outdated tab’s change refused beside its button', async () => {
    const { page } = account;
    // A second device whose tab sleeps (its timers paused, as a background tab's are): it still
    // shows Pro and its plan changes when the plan has already ended.
    const device = await stack!.browser.newContext({ viewport: { width: 1100, height: 900 } });
    const outdated = accountPage(await device.newPage());
    watchConsole(outdated.page, consoleErrors, EXPECTED_REFUSALS);
    await outdated.page.clock.install();
    await outdated.page.goto(`${stack!.harness.url()}/account`);
    await outdated.signIn(email, PASSWORD);
    await outdated.shows('#account-plan', 'pro');
    await outdated.page
      .locator('[data-plan="business"]')
      .getByRole('button', { name: 'Change to Business' })
      .waitFor();
    await outdated.page.clock.pauseAt(Date.now() + 1000);

    const subscription = await subscriptionId();
    await sim(`/subscriptions/${subscription}/fail-next-renewal`);
    await sim(`/subscriptions/${subscription}/advance-to-period-end`);
    await stack!.payments.control('POST', '/clock/advance', { seconds: 16 * DAY_SECONDS });
    await limitBecomes(40);
    await account.shows('#account-plan', 'free');
    // A plan that has ended says so: free, with no "ends …" and no Fix payment.
    await page.locator('#subscription').filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
    expect(await page.textContent('#subscription')).toBe('');
    expect(await page.isHidden('#past-due')).toBe(true);
    expect(await page.textContent('#plan-status')).toBe('Your plan: Free.');
    await page.getByRole('button', { name: 'Upgrade · 9.00 USD a month' }).waitFor();
    await mailed('Your Pro plan has ended');
    await account.screenshot('walk-4-ended');

    // The other tab has not caught up yet (it refreshes every few seconds): its change is refused.
    await outdated.page
      .locator('[data-plan="business"]')
      .getByRole('button', { name: 'Change to Business' })
      .click();
    await outdated.error('There is no live subscription to change', 'plans');
    await device.close();
  });
});
