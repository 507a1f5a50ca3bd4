import { mailTo } from '@pds/testing';
import { until } from './support/admin-api';
import { PASSWORD, signUp } from './support/accounts-api';
import { accountPage, type AccountPage } from './support/account-page';
import { type AccountStack, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

const DAY_SECONDS = 86_400;
// Refused on purpose in this walk: an upgrade whose charge is declined (402), and a plan change from
// a tab that still shows a plan that has ended (409).
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 40[29]/;

/**
 * Issues 26 and 34 in a real browser against the real stack: Pro; an upgrade whose charge is
 * declined changes nothing; Business once its previewed charge is confirmed and paid (the invoice is
 * that amount); a scheduled downgrade withdrawn, then Pro at the period end; a declined renewal (a
 * mail to the top "Fix payment", the portal, the banner naming the next attempt) → card fixed →
 * active; retries exhausted → free, its unpaid invoice void, and a mail. Every answer is read beside
 * the control that asked.
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

  /** Every webhook sent so far has been answered by the gateway. */
  const settled = () =>
    until(
      () => stack!.payments.deliveries(),
      (deliveries) => deliveries.every((delivery) => delivery.state === 'delivered'),
      10_000,
      'every webhook delivered',
    );

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

  /** "Change to Business", and the preview's amount as the confirmation offers to pay it. */
  async function previewBusiness(): Promise<string> {
    const { page } = account;
    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Change to Business' }).click();
    const pay = page.locator('#plan-confirm:not([hidden])').getByRole('button', { name: /^Pay / });
    const label = (await pay.textContent()) ?? '';
    const amount = /^Pay (\d+\.\d{2}) USD and change to Business$/.exec(label)?.[1];
    if (!amount) throw new Error(`unexpected confirmation: ${label}`);
    expect(await page.textContent('#plan-confirm-text')).toContain(`${amount} USD is charged now`);
    return amount;
  }

  const confirmPayment = () =>
    account.page.locator('#plan-confirm').getByRole('button', { name: /^Pay / }).click();

  it('should leave Pro as it was when the upgrade’s charge is declined, then charge Business exactly its previewed amount', async () => {
    const { page } = account;
    const back = `${stack!.harness.url()}/account`;
    await account.payThrough(
      page.getByRole('button', { name: /^Upgrade · 9\.00 USD/ }),
      stack!.payments.baseUrl,
      back,
    );
    await account.shows('#account-plan', 'pro');
    await limitBecomes(300);

    // The card declines: the upgrade answers 402 beside the plans and nothing changes.
    const subscription = await subscriptionId();
    await sim(`/subscriptions/${subscription}/fail-next-renewal`);
    await previewBusiness();
    await confirmPayment();
    await account.error(
      'The card was declined for the prorated charge of Business; the plan is unchanged',
      'plans',
    );
    await settled();
    await limitBecomes(300);
    expect(await page.textContent('#account-plan')).toBe('Pro');
    expect(await page.textContent('#limit-requests')).toBe('300');
    await account.screenshot('walk-1-upgrade-declined');
    // Stripe drops the held change after 23 hours; its unpaid invoice shows void.
    await stack!.payments.control('POST', '/clock/advance', { seconds: DAY_SECONDS });
    await sim(`/subscriptions/${subscription}/fix-card`);
    await page.reload();
    await page.locator('#invoices tr[data-status="void"]').waitFor();

    const previewed = await previewBusiness();
    await account.screenshot('walk-2-upgrade-preview');
    await confirmPayment();
    await account.notice('Changed to Business: its limits apply now', 'plans');
    await limitBecomes(1200);
    await account.shows('#limit-requests', '1200');
    await account.shows('#account-plan', 'business');
    // Newest first: the paid proration, the voided one, then the first month of Pro.
    await page.locator('#invoices tr[data-invoice-id]').nth(2).waitFor();
    const amounts = await page.locator('#invoices td[data-label="Amount"]').allTextContents();
    const statuses = await page.locator('#invoices td[data-label="Status"]').allTextContents();
    expect(amounts).toHaveLength(3);
    expect(amounts[0]).toBe(`${previewed} USD`);
    expect(amounts[2]).toBe('9.00 USD');
    expect(statuses).toEqual(['paid', 'void', 'paid']);
    expect(
      await page.locator('#invoices a', { hasText: 'View invoice' }).first().getAttribute('href'),
    ).toMatch(new RegExp(`^${stack!.payments.baseUrl}`));
    await account.screenshot('walk-3-business');
  });

  it('should schedule Pro for the period end, withdraw it with Keep Business, then schedule it again and apply it', async () => {
    const { page } = account;
    const downgrade = async () => {
      await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Change to Pro' }).click();
      await account.notice(
        /Pro is scheduled from \d{4}-\d{2}-\d{2}, the end of the paid period; Business stays/,
        'plans',
      );
      await account.shows('#subscription', /changes to Pro on \d{4}-\d{2}-\d{2}/);
      await account.shows('[data-plan="pro"] .badge', 'scheduled');
    };
    await downgrade();
    await account.screenshot('walk-4-downgrade-scheduled');
    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Keep Business' }).click();
    await account.notice('The change to Pro is withdrawn; Business continues.', 'plans');
    await account.shows('#subscription', /active, renews/);
    await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Change to Pro' }).waitFor();
    await limitBecomes(1200);

    await downgrade();
    await sim(`/subscriptions/${await subscriptionId()}/advance-to-period-end`);
    await limitBecomes(300);
    await account.shows('#account-plan', 'pro');
    await account.shows('#subscription', /active, renews/);
  });

  it('should show a declined renewal at the top of the page, from the mail’s link through the portal to a banner naming the next attempt', async () => {
    const { page } = account;
    const subscription = await subscriptionId();
    await sim(`/subscriptions/${subscription}/fail-next-renewal`);
    await sim(`/subscriptions/${subscription}/advance-to-period-end`);
    const mail = await mailed('Your payment for the Pro plan failed');
    expect(mail.text).toContain('Fix payment');
    const link = mail.links.find((candidate) => candidate.endsWith('/account#fix-payment'));
    expect(link).toBe(`${stack!.harness.url()}/account#fix-payment`);

    await page.goto(link!);
    await page.locator('#past-due:not([hidden])').waitFor();
    await account.shows('#past-due-text', 'Your last payment failed');
    await account.shows('#subscription', 'payment failed');
    expect(await page.textContent('#account-plan')).toBe('Pro');
    // Every change is refused while past due, so none is offered: Fix payment comes first.
    await page.locator('[data-plan="business"] button').waitFor({ state: 'detached' });
    // At the top: above the account's own card, where the mail's link lands.
    const banner = await page.locator('#past-due').boundingBox();
    const card = await page.locator('#account-title').boundingBox();
    expect(banner!.y).toBeLessThan(card!.y);
    await account.screenshot('walk-5-past-due');

    // Fix payment opens the customer portal; a new card there, and Return.
    await page.locator('#past-due').getByRole('link', { name: 'Fix payment' }).click();
    await page.waitForURL(`${stack!.payments.baseUrl}/**`);
    await page.getByRole('button', { name: 'Update payment method' }).click();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await account.notice('Back from the billing portal');
    const [declined] = (await stack!.payments.stripe.invoices.list({ subscription, status: 'open' })).data;
    const nextAttempt = new Date((declined?.next_payment_attempt ?? 0) * 1000).toISOString().slice(0, 10);
    await page.locator('#past-due[data-state="card-updated"]:not([hidden])').waitFor();
    await account.shows('#past-due-text', `Stripe charges your card again on ${nextAttempt}`);
    await account.screenshot('walk-6-card-updated');

    // The retry pays: the banner and the portal's news go by themselves, without a reload.
    await stack!.payments.control('POST', '/clock/advance', { seconds: 3 * DAY_SECONDS });
    await account.shows('#subscription', /active, renews/);
    await page.locator('#past-due').waitFor({ state: 'hidden' });
    await page.locator('#notice').waitFor({ state: 'hidden' });
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
    // Its unpaid renewal is void: nothing is owed for a plan that has ended.
    await page.reload();
    await page.locator('#invoices tr[data-status="void"]', { hasText: '9.00 USD' }).first().waitFor();
    const statuses = await page.locator('#invoices td[data-label="Status"]').allTextContents();
    expect(statuses).not.toContain('open');
    await account.screenshot('walk-7-ended');

    // The other tab has not caught up yet (it refreshes every few seconds): its change is refused.
    await outdated.page
      .locator('[data-plan="business"]')
      .getByRole('button', { name: 'Change to Business' })
      .click();
    await outdated.error('There is no live subscription to change', 'plans');
    await device.close();
  });
});
