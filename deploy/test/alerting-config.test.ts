import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { PROMETHEUS_DIR, renderedAlertmanagerConfig, shippedIntervals } from './support/alerting';
import { RULE_FILES, ROOT } from './support/observability-files';

const run = promisify(execFile);

interface AlertRule {
  readonly alert: string;
  readonly expr: string;
  readonly labels?: { readonly severity?: string };
  readonly annotations?: { readonly summary?: string; readonly runbook_url?: string };
}

interface AlertTest {
  readonly alert_rule_test?: readonly {
    readonly alertname: string;
    readonly exp_alerts?: readonly unknown[];
  }[];
}

const TEST_FILES = ['alerts.test.yml', 'slo.test.yml'];
/** Every alert's runbook address: the one setting (RUNBOOK_BASE_URL, an external label) and its anchor. */
const RUNBOOK_URL = /^\{\{ \$externalLabels\.runbook_base_url \}\}#([\w-]+)$/;
/** Always firing by design: it has no quiet case, and no severity that pages. */
const WATCHDOG = 'Watchdog';

async function readYaml<T>(file: string): Promise<T> {
  return parse(await readFile(file, 'utf8')) as T;
}

async function alertRules(): Promise<AlertRule[]> {
  const files = await Promise.all(
    RULE_FILES.map((file) => readYaml<{ groups: { rules: AlertRule[] }[] }>(file)),
  );
  return files.flatMap((file) => file.groups.flatMap((group) => group.rules)).filter((rule) => rule.alert);
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

async function amtoolCheck(config: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-amtool-'));
  try {
    await writeFile(join(folder, 'alertmanager.yml'), config);
    return (await run('amtool', ['check-config', join(folder, 'alertmanager.yml')])).stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('alerting configuration', () => {
  it('should pass promtool check rules and check config', async () => {
    for (const file of RULE_FILES)
      expect((await run('promtool', ['check', 'rules', file])).stdout).toContain('SUCCESS');
    const config = await run('promtool', ['check', 'config', join(PROMETHEUS_DIR, 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS');
  });

  // Generous: promtool evaluates every series of every test case (the slow-burn ticket's over three
  // days), about 50 s of CPU on a slow 2-core machine; with two whole test runs sharing 2 cores it
  // took over three minutes. One promtool per file, side by side. GOGC=400: Go's collector ran less
  // often, a quarter less CPU for 120 MB (slo.test.yml: 24.5 s of CPU, 18.8 with it).
  it("should pass the rules' unit tests (promtool test rules)", async () => {
    const env = { ...process.env, GOGC: '400' };
    const outputs = await Promise.all(
      TEST_FILES.map((file) => run('promtool', ['test', 'rules', file], { cwd: PROMETHEUS_DIR, env })),
    );
    for (const { stdout } of outputs) expect(stdout).toContain('SUCCESS');
  }, 360_000);

  it('should unit-test every alert firing, and every one but the Watchdog quiet', async () => {
    const tests = await Promise.all(
      TEST_FILES.map((file) => readYaml<{ tests: AlertTest[] }>(join(PROMETHEUS_DIR, file))),
    );
    const cases = tests.flatMap((file) => file.tests.flatMap((test) => test.alert_rule_test ?? []));
    const untested = (await alertRules()).flatMap(({ alert }) => {
      const own = cases.filter((each) => each.alertname === alert);
      const missing = [];
      if (!own.some((each) => (each.exp_alerts ?? []).length > 0)) missing.push(`${alert} firing`);
      if (alert !== WATCHDOG && !own.some((each) => (each.exp_alerts ?? []).length === 0))
        missing.push(`${alert} not firing`);
      return missing;
    });
    expect(untested).toEqual([]);
  });

  it('should give every alert a summary, a severity and an absolute runbook address of a section that exists', async () => {
    const runbook = await readFile(join(ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = new Set(
      [...runbook.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading]) => anchorOf(heading ?? '')),
    );
    const problems = (await alertRules()).flatMap(({ alert, labels, annotations }) => {
      const found: string[] = [];
      if (!annotations?.summary) found.push(`${alert}: no summary`);
      const severities = alert === WATCHDOG ? ['none'] : ['critical', 'warning'];
      if (!severities.includes(labels?.severity ?? '')) found.push(`${alert}: severity ${labels?.severity}`);
      const anchor = RUNBOOK_URL.exec(annotations?.runbook_url ?? '')?.[1];
      if (!anchor || !anchors.has(anchor))
        found.push(`${alert}: runbook_url ${annotations?.runbook_url} names no section of docs/runbook.md`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('should list every alert with its runbook section in the operations guide', async () => {
    const guide = await readFile(join(ROOT, 'docs/operations-alerting.md'), 'utf8');
    const unlisted = (await alertRules())
      .filter(({ alert, annotations }) => {
        const anchor = RUNBOOK_URL.exec(annotations?.runbook_url ?? '')?.[1] ?? '';
        const lines = guide.split('\n').filter((each) => each.includes(`\`${alert}\``));
        return !lines.some((line) => line.includes(`(runbook.md#${anchor})`));
      })
      .map(({ alert }) => alert);
    expect(unlisted).toEqual([]);
  });

  it('should render an Alertmanager configuration amtool accepts, with no receiver when told so and with all of them', async () => {
    expect(await amtoolCheck(await renderedAlertmanagerConfig({ ALERT_RECEIVER: 'none' }))).toContain(
      'SUCCESS',
    );
    const everything = await renderedAlertmanagerConfig({
      ALERT_WEBHOOK_URL: 'https://pager.example/hooks/pds',
      ALERT_EMAIL_TO: 'oncall@example.com',
      ALERT_SMTP_FROM: 'alerts@example.com',
      ALERT_SMTP_SMARTHOST: 'smtp.example.com:587',
      ALERT_SMTP_USERNAME: 'alerts',
      // Quotes, a colon and a hash stay one YAML string.
      ALERT_SMTP_PASSWORD: "it's: #secret",
      ALERT_WATCHDOG_URL: 'https://deadman.example/ping/pds',
    });
    expect(await amtoolCheck(everything)).toContain('SUCCESS');
    const { receivers } = parse(everything) as {
      receivers: {
        name: string;
        webhook_configs?: { url: string }[];
        email_configs?: { auth_password: string }[];
      }[];
    };
    const critical = receivers.find((receiver) => receiver.name === 'critical');
    expect(critical?.webhook_configs?.[0]?.url).toBe('https://pager.example/hooks/pds');
    expect(critical?.email_configs?.[0]?.auth_password).toBe("it's: #secret");
    const watchdog = receivers.find((receiver) => receiver.name === 'watchdog');
    expect(watchdog?.webhook_configs?.[0]?.url).toBe('https://deadman.example/ping/pds');
  });

  it('should refuse to render mail alerts without their SMTP server, naming the setting', async () => {
    await expect(renderedAlertmanagerConfig({ ALERT_EMAIL_TO: 'oncall@example.com' })).rejects.toThrow(
      /ALERT_SMTP_FROM must be set/,
    );
  });

  it('should refuse to render with no receiver unless ALERT_RECEIVER is none, naming the settings', async () => {
    await expect(renderedAlertmanagerConfig({})).rejects.toThrow(
      /No alert receiver: set ALERT_WEBHOOK_URL, or ALERT_EMAIL_TO .* or ALERT_RECEIVER=none/,
    );
    // The dead man's switch alone pages no one for an outage.
    await expect(
      renderedAlertmanagerConfig({ ALERT_WATCHDOG_URL: 'https://deadman.example/ping/pds' }),
    ).rejects.toThrow(/No alert receiver/);
  });

  it("should bound a page's resolution by 60 s of the recovery in the shipped intervals", async () => {
    // A scrape sees the recovery, an evaluation resolves and sends it, the group's next flush notifies.
    const { scrape, evaluation, groupInterval } = await shippedIntervals();
    expect(scrape + evaluation + groupInterval).toBeLessThanOrEqual(60);
  });
});
