import { eventually, PRICE } from '@pds/testing';
import { requestJson } from './support/admin-api';
import { signUp, PASSWORD } from './support/accounts-api';
import { accountPage } from './support/account-page';
import { type AccountStack, startAccountStack } from './support/account-stack';
import { watchConsole } from './support/browser';

/**
 * Issue 34: on the account page, "Usage now" shows the key chosen in its picker (not only the
 * newest), and the 7-day chart has a series per key, named in its legend with each key's requests.
 */
describe('the /account page: usage of a chosen key, and a series per key', () => {
  let stack: AccountStack | undefined;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    stack = await startAccountStack('account-page-usage', {});
  });

  afterAll(() => stack?.stop());

  it('should follow the chosen key through the live reads, and chart each key apart', async () => {
    const { harness, sink, context } = stack!;
    const user = await signUp(harness.url(), sink, `two-keys-${Date.now()}@example.com`);
    const keys = `${harness.url()}/api/v1/account/api-keys`;
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const make = async (name: string) =>
      (await requestJson('POST', keys, { headers, body: { name } })).body as { id: string; key: string };
    const alpha = await make('alpha');
    const beta = await make('beta');
    const gamma = await make('gamma');
    const use = (key: string) => fetch(`${harness.url()}${PRICE}`, { headers: { 'x-api-key': key } });
    for (const key of [alpha.key, alpha.key, alpha.key, beta.key, gamma.key]) await use(key);

    const page = await context.newPage();
    watchConsole(page, consoleErrors);
    await page.goto(`${harness.url()}/account`);
    const account = accountPage(page);
    await account.signIn(user.email, PASSWORD);
    // At first the key in use (the busiest this minute), not merely the newest; then the one chosen.
    await account.usage('getCurrentPrice', '3 of 40');
    expect(await page.inputValue('#usage-key')).toBe(alpha.id);
    await page.selectOption('#usage-key', { label: 'beta' });
    await account.usage('getCurrentPrice', '1 of 40');
    // The page reads the account again every few seconds: the new count shows for the chosen key.
    await use(beta.key);
    await account.usage('getCurrentPrice', '2 of 40');
    expect(await page.inputValue('#usage-key')).toBe(beta.id);
    // The index operations are listed like the price ones (no index here: a 503, counted all the same).
    await fetch(`${harness.url()}/api/v1/index/current`, { headers: { 'x-api-key': beta.key } });
    await account.usage('getIndex', '1 of 40');
    await account.shows('#usage tr[data-operation="getIndex"]', 'Index price');
    await account.usage('getIndexKlines', '0 of 40');
    await account.shows('#usage tr[data-operation="getIndexKlines"]', 'Index klines');
    // The picker is dark like the page (not a white native bar); key names wrap between words only.
    // A string, run in the page: the test's own types know no DOM.
    const style = (selector: string, property: string) =>
      page.evaluate<string>(`getComputedStyle(document.querySelector('${selector}')).${property}`);
    expect(await style('#usage-key', 'colorScheme')).toBe('dark');
    expect(await style('#usage-key', 'backgroundColor')).toBe('rgb(11, 14, 19)');
    expect(await style('#keys td[data-label=Name]', 'whiteSpace')).toBe('nowrap');

    // The chart is drawn on load; usage tallies land within a second or two, so reload until then.
    const counted = (id: string) =>
      page.locator(`#history-legend li[data-key-id="${id}"]`).getAttribute('data-requests');
    await eventually(async () => {
      await account.reloadedAs('signed-in');
      const counts = await Promise.all([alpha, beta, gamma].map((key) => counted(key.id)));
      return counts.join() === '3,3,1' ? true : undefined;
    }, 'the legend to count each key');
    expect(await page.locator('#history-legend li').count()).toBe(3);
    await account.shows('#history-legend li', 'alpha: 3 requests');
    await account.shows('#history-legend li', 'beta: 3 requests');
    await account.shows('#history-legend li', /^gamma: 1 request$/);
    await account.shows('#history-total', '7 requests in 7 days');
    await page.close();
    expect(consoleErrors).toEqual([]);
  });
});
