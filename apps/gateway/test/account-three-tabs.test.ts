import type { Page } from 'playwright-core';
import { until } from './support/admin-api';
import { PASSWORD, signUp } from './support/accounts-api';
import { accountPage, type AccountPage } from './support/account-page';
import { type AccountStack, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

/** Lower than the contract's 60, so three tabs' polling (36 a minute) would pass it if it counted. */
const ACCOUNT_LIMIT = 30;
/** Background reads each tab makes before the test looks: more than a minute's worth of polling. */
const READS_PER_TAB = 13;

interface Tab {
  readonly account: AccountPage;
  backgroundReads: number;
}

/**
 * Issue 54: the account page open in three tabs while plans change. The tabs' refreshes cost the
 * account's limit nothing (CONTRACT section 10), so nothing gets a 429, and what a change said it
 * did stays said: a later refresh never shows an error beside it.
 */
describe('the account page in three tabs while the plan changes', () => {
  let stack: AccountStack | undefined;
  const tabs: Tab[] = [];
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  const email = `three-tabs-${Date.now()}@example.com`;

  async function openTab(): Promise<Tab> {
    const page: Page = await stack!.context.newPage();
    const tab: Tab = { account: accountPage(page), backgroundReads: 0 };
    watchConsole(page, consoleErrors);
    page.on('request', (request) => {
      if (request.headers()['x-refresh'] === 'background') tab.backgroundReads += 1;
    });
    page.on('response', (response) => {
      if (response.status() === 429) refused.push(response.url());
    });
    await page.goto(`${stack!.harness.url()}/account`);
    tabs.push(tab);
    return tab;
  }

  beforeAll(async () => {
    stack = await startAccountStack('account-three-tabs', {
      ACCOUNT_REQUESTS_PER_MINUTE: String(ACCOUNT_LIMIT),
    });
    await signUp(stack.harness.url(), stack.sink, email);
  });

  afterAll(() => stack?.stop());

  it('should poll in three tabs with no 429 and keep each change’s success beside it', async () => {
    const first = await openTab();
    await first.account.signIn(email, PASSWORD);
    await first.account.payThrough(
      first.account.page.getByRole('button', { name: /^Upgrade · 9\.00 USD/ }),
      stack!.payments.baseUrl,
      `${stack!.harness.url()}/account`,
    );
    await first.account.shows('#account-plan', 'pro');
    const second = await openTab();
    await openTab();
    await second.account.shows('#account-plan', 'pro');

    const { page } = first.account;
    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Change to Business' }).click();
    await page.locator('#plan-confirm').getByRole('button', { name: /^Pay / }).click();
    await first.account.notice('Changed to Business: its limits apply now', 'plans');
    await second.account.shows('#account-plan', 'business');
    await second.account.page
      .locator('[data-plan="pro"]')
      .getByRole('button', { name: 'Change to Pro' })
      .click();
    await second.account.notice('Pro is scheduled from', 'plans');

    // A minute and more of polling in every tab, the changes' answers still on show.
    await until(
      () => Promise.resolve(tabs.map((tab) => tab.backgroundReads)),
      (reads) => reads.every((count) => count >= READS_PER_TAB),
      120_000,
      `${READS_PER_TAB} background reads in every tab`,
    );
    expect(refused).toEqual([]);
    for (const tab of tabs) expect(await tab.account.page.isHidden('#message')).toBe(true);
    await first.account.notice('Changed to Business: its limits apply now', 'plans');
    await second.account.notice('Pro is scheduled from', 'plans');
    expect(consoleErrors).toEqual([]);
  });
});
