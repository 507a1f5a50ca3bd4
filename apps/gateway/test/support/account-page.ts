import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Where the account page test leaves its screenshots (not tracked; docs/account.png is). */
export const ARTIFACTS = resolve(__dirname, '../../../../test-artifacts/account');

/** The page's steps as a person sees them, by the page's ids and roles. */
export function accountPage(page: Page) {
  const form = (id: string) => page.locator(`#${id}`);
  return {
    page,
    async signUp(email: string, password: string): Promise<void> {
      await form('sign-up').getByLabel('Email').fill(email);
      await form('sign-up').getByLabel('Password').fill(password);
      await form('sign-up').getByRole('button', { name: 'Sign up' }).click();
    },
    /** The form a verification link opens: the sign-up password confirms the address and signs in. */
    async confirm(password: string): Promise<void> {
      await form('confirm').getByLabel('Password').fill(password);
      await form('confirm').getByRole('button', { name: 'Confirm and sign in' }).click();
    },
    async signIn(email: string, password: string): Promise<void> {
      await form('sign-in').getByLabel('Email').fill(email);
      await form('sign-in').getByLabel('Password').fill(password);
      await form('sign-in').getByRole('button', { name: 'Sign in' }).click();
    },
    async createKey(name: string): Promise<void> {
      await form('create-key').getByLabel('Name').fill(name);
      await form('create-key').getByRole('button', { name: 'Create a key' }).click();
    },
    keyRow: (name: string) => page.locator('#keys tr', { hasText: name }),
    /** Waits until an element of `selector` shows `text`. */
    shows: (selector: string, text: string | RegExp) => page.locator(selector, { hasText: text }).waitFor(),
    /** Waits until the usage table's row for `operation` reads `text` ("1 of 40"). */
    usage: (operation: string, text: string) =>
      page.locator(`#usage tr[data-operation="${operation}"]`, { hasText: text }).waitFor(),
    /**
     * Reloads the page once it has loaded, and expects it to come back in `view`. Once loaded: a page
     * still restoring its sign-in has a refresh in flight, whose new cookie (kept by its keepalive)
     * may land after the reloaded page has sent the spent one, which ends the sign-in (a race the
     * browser's timing decides; a notice such as "Payment received" shows before the page is ready).
     */
    async reloadedAs(view: string): Promise<void> {
      await page.waitForSelector('body[data-ready="true"]');
      await page.reload();
      await page.waitForSelector(`body[data-ready="true"][data-view="${view}"]`);
    },
    /** Clicks `button` (which goes to Checkout on `paymentsUrl`), pays, and waits to be back on `back`. */
    async payThrough(button: Locator, paymentsUrl: string, back: string, shot?: string): Promise<void> {
      await this.answerCheckout('Pay', button, paymentsUrl, back, shot);
    },
    /** Clicks `button`, then Pay or Decline on the simulator's Checkout page, and waits to be `back`. */
    async answerCheckout(
      answer: 'Pay' | 'Decline',
      button: Locator,
      paymentsUrl: string,
      back: string,
      shot?: string,
    ): Promise<void> {
      await button.click();
      await page.waitForURL(`${paymentsUrl}/**`);
      if (shot) await this.screenshot(shot);
      await page.getByRole('button', { name: answer }).click();
      await page.waitForURL(back);
    },
    /** The view on show once the page has finished loading (after a reload too). */
    async view(): Promise<string | null> {
      await page.waitForSelector('body[data-ready="true"]');
      return page.getAttribute('body', 'data-view');
    },
    /**
     * Waits for an error saying `text`: beside the controls of `group` (its `#<group>-feedback`
     * live region), or in the page's banner when no group is named (loading, the session).
     */
    error: (text: string | RegExp, group?: string) =>
      page
        .locator(group ? `#${group}-feedback[data-kind="error"]:not([hidden])` : '#message:not([hidden])', {
          hasText: text,
        })
        .waitFor(),
    /** Waits for a success saying `text`, beside `group`'s controls or in the page's banner. */
    notice: (text: string | RegExp, group?: string) =>
      page
        .locator(group ? `#${group}-feedback[data-kind="done"]:not([hidden])` : '#notice:not([hidden])', {
          hasText: text,
        })
        .waitFor(),
    /** Presses Copy on the new key, waits for "Copied" on the button and the words beside it. */
    async copyNewKey(): Promise<string> {
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      await page.locator('#copy-feedback[data-kind="done"]', { hasText: 'The key is copied.' }).waitFor();
      return page.evaluate('navigator.clipboard.readText()');
    },
    /** Downloads the usage CSV again until a line matches `line` (tallies land within a second or so). */
    async usageCsvWith(line: RegExp): Promise<string[]> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const lines = await this.downloadUsageCsv();
        if (lines.some((each) => line.test(each))) return lines;
        if (Date.now() > deadline) throw new Error(`no line ${line} in the CSV: ${lines.join(' / ')}`);
      }
    },
    /** Presses "Download CSV" and reads the file the browser saved, line by line. */
    async downloadUsageCsv(): Promise<string[]> {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Download CSV/ }).click(),
      ]);
      if (!/^usage-\d{4}-\d{2}-\d{2}\.csv$/.test(download.suggestedFilename())) {
        throw new Error(`unexpected file name ${download.suggestedFilename()}`);
      }
      return readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\n');
    },
    async screenshot(name: string): Promise<void> {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`), fullPage: true });
    },
  };
}

export type AccountPage = ReturnType<typeof accountPage>;
