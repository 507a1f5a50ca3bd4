import { eventually } from '@pds/testing';
import {
  type Dashboard,
  type DashboardPanel,
  readDashboards,
  RULE_FILES,
  signalOf,
} from './support/observability-files';
import { panelLine, type PanelReading } from './support/panel-printout';
import { type LocalPrometheus, type QueryAnswer, startPrometheus } from './support/prometheus';
import { driveTraffic, type ObservedStack, startObservedStack } from './support/observability-stack';

jest.setTimeout(240_000);

/** How long an expression may take to have data: rates need two scrapes, the Redis PING 5 s. */
const DATA_WAIT_MS = 90_000;

/**
 * What Grafana puts for `$__rate_interval` with the data source's 15 s scrape interval (four of
 * them); the test's Prometheus scrapes every second, so a minute holds the traffic just driven.
 */
const RATE_INTERVAL = '1m';

/** A panel's expression as Grafana sends it to Prometheus, with every replica chosen (All: `.*`). */
const asGrafanaSends = (expr: string): string =>
  expr.replaceAll('$__rate_interval', RATE_INTERVAL).replaceAll('$instance', '.*');

/**
 * The alerts whose signal (the expression before its final comparison) this stack answers: the
 * others watch exporters it does not run (Redis, nginx, the edge, Alertmanager; RedisErrors counts
 * only while the Redis exporter says Redis answers), vanished targets (absent()), SLO burn rates,
 * or series that only exist once something goes wrong (429s, a second exchange).
 */
const SIGNALLED = [
  'PriceStale',
  'StandbyExchangeServing',
  'ExchangeFlapping',
  'HistoryQueueBacklog',
  'RepairJobFailing',
  'KlineGapsFrequent',
  'IngestLagHigh',
  'ReplicaNotReady',
  'FanOutLagHigh',
  'RedisMemoryHigh',
  'WebhookFailing',
];

/** Resolves once every target answered a scrape, each later than `since` (epoch ms) when given. */
async function everyTargetScraped(prometheus: LocalPrometheus, targets: number, since = 0): Promise<void> {
  await eventually(
    async () => {
      // timestamp() of the selector itself: of a computed vector it is the evaluation time.
      const answer = await prometheus.query(`(timestamp(up) > ${since / 1000}) and (up == 1)`);
      return answer.ok && answer.samples.length === targets ? true : undefined;
    },
    `a scrape of all ${targets} targets`,
    DATA_WAIT_MS,
  );
}

interface AlertRule {
  readonly name: string;
  readonly query: string;
  readonly health: string;
  readonly type: string;
}

/** The answer once it has data (or at once, for an expression that awaits the failover metrics). */
async function answerWithData(prometheus: LocalPrometheus, name: string, expr: string): Promise<QueryAnswer> {
  return eventually(
    async () => {
      const answer = await prometheus.query(expr);
      return !answer.ok || answer.samples.length > 0 ? answer : undefined;
    },
    `data for ${name}: ${expr}`,
    DATA_WAIT_MS,
  );
}

async function readPanel(
  prometheus: LocalPrometheus,
  dashboard: Dashboard,
  panel: DashboardPanel,
): Promise<{ readings: PanelReading[]; problems: string[] }> {
  const name = `${dashboard.title} / ${panel.title}`;
  const readings: PanelReading[] = [];
  const problems: string[] = [];
  for (const target of panel.targets) {
    const answer = await answerWithData(prometheus, name, asGrafanaSends(target.expr));
    if (!answer.ok) problems.push(`${name} [${target.refId}] does not parse: ${answer.error}`);
    else if (answer.samples.length === 0)
      problems.push(`${name} [${target.refId}] has no data: ${target.expr}`);
    readings.push({ legendFormat: target.legendFormat ?? '', samples: answer.ok ? answer.samples : [] });
  }
  return { readings, problems };
}

describe('dashboards and alerts against a real Prometheus scraping a running stack', () => {
  // Possibly unset in afterAll: a failed start stops what did start.
  let stack: ObservedStack | undefined;
  let prometheus: LocalPrometheus | undefined;
  const running = (): { stack: ObservedStack; prometheus: LocalPrometheus } => {
    if (!stack || !prometheus) throw new Error('the stack did not start');
    return { stack, prometheus };
  };

  beforeAll(async () => {
    const started = await startObservedStack();
    stack = started;
    prometheus = await startPrometheus(started.jobs, RULE_FILES);
    // Traffic only once every counter has a sample from before it, so rates and increases see it all.
    const targets = started.jobs.flatMap((job) => job.targets).length;
    await everyTargetScraped(prometheus, targets);
    await driveTraffic(started);
    await everyTargetScraped(prometheus, targets, Date.now());
  });

  afterAll(async () => {
    await prometheus?.stop();
    await stack?.stop();
  });

  it('should scrape every replica of every app', async () => {
    const { stack, prometheus } = running();
    const expected = stack.jobs.flatMap((job) => job.targets).length;
    const up = await eventually(async () => {
      const answer = await prometheus.query('up == 1');
      return answer.ok && answer.samples.length === expected ? answer.samples : undefined;
    }, 'every target up');
    expect(new Set(up.map((sample) => sample.metric.job))).toEqual(new Set(['gateway', 'ingestor', 'cache']));
  });

  it('should count the traffic driven in the metrics added for the dashboards', async () => {
    const { prometheus } = running();
    const valueOf = async (expr: string): Promise<number> => {
      const answer = await prometheus.query(expr);
      return answer.ok ? (answer.samples[0]?.value ?? Number.NaN) : Number.NaN;
    };
    expect(await valueOf('sum(pds_accounts_signups_total)')).toBe(1);
    expect(await valueOf('sum(pds_accounts_verified_total)')).toBe(1);
    expect(await valueOf('sum(pds_billing_webhooks_total{outcome="bad_signature"})')).toBe(1);
    expect(await valueOf('sum(pds_ws_connections)')).toBe(4);
    expect(await valueOf('sum(pds_ws_closes_total{code="1000"})')).toBe(4);
    expect(await valueOf('sum(pds_http_requests_total{status="429"})')).toBeGreaterThan(0);
    expect(await valueOf('sum(pds_ws_fanout_lag_seconds_count)')).toBeGreaterThan(0);
    expect(await valueOf('min(pds_ready)')).toBe(1);
    expect(await valueOf('count(pds_redis_command_duration_seconds_count > 0)')).toBe(5);
  });

  it("should answer every dashboard panel's expressions with data, and print each panel's value", async () => {
    const { prometheus } = running();
    const problems: string[] = [];
    const lines: string[] = [];
    for (const dashboard of await readDashboards()) {
      lines.push(dashboard.title);
      for (const panel of dashboard.panels) {
        const { readings, problems: found } = await readPanel(prometheus, dashboard, panel);
        problems.push(...found);
        lines.push(panelLine(panel.title, panel.fieldConfig?.defaults?.unit ?? 'short', readings));
      }
    }
    console.log(`Each dashboard panel's current value, from Prometheus:\n${lines.join('\n')}`);
    expect(problems).toEqual([]);
  });

  it('should load every alert rule, evaluate it without error, and answer the signals this stack has with data', async () => {
    const { prometheus } = running();
    const groups = await prometheus.api<{ groups: { rules: AlertRule[] }[] }>('rules');
    const rules = groups.groups.flatMap((group) => group.rules).filter((rule) => rule.type === 'alerting');
    for (const name of SIGNALLED) expect(rules.map((rule) => rule.name)).toContain(name);
    const problems: string[] = [];
    for (const rule of rules.filter(({ name }) => SIGNALLED.includes(name))) {
      const name = `alert ${rule.name}`;
      const answer = await answerWithData(prometheus, name, signalOf(rule.query));
      if (!answer.ok) problems.push(`${name} does not parse: ${answer.error}`);
      else if (answer.samples.length === 0) problems.push(`${name} has no data: ${signalOf(rule.query)}`);
    }
    expect(problems).toEqual([]);
    const evaluated = await prometheus.api<{ groups: { rules: AlertRule[] }[] }>('rules');
    const unhealthy = evaluated.groups
      .flatMap((group) => group.rules)
      .filter((rule) => rule.health === 'err');
    expect(unhealthy).toEqual([]);
  });
});
