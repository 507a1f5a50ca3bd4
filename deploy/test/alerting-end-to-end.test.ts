import {
  eventually,
  freePort,
  isMsg,
  spawnApp,
  type MailSink,
  mailTo,
  redisAt,
  type RedisServer,
  type RunningApp,
  type Sim,
  spawnIngestor,
  startExchangeSim,
  startMailSink,
  startRedisServer,
  uniquePrefix,
} from '@pds/testing';
import { type AlertReceiver, startAlertReceiver } from './support/alert-receiver';
import {
  type Daemon,
  deliveryLimitMs,
  renderedAlertmanagerConfig,
  renderPrometheusConfig,
  resolveLimitMs,
  type ShippedIntervals,
  shippedIntervals,
  sloAlertExpr,
  startAlertmanager,
  startRedisExporter,
} from './support/alerting';
import { type LocalPrometheus, startPrometheusWith } from './support/prometheus';

jest.setTimeout(300_000);

const RUNBOOK = 'https://runbooks.example/price-data-service/runbook.md';
const ONCALL = 'oncall@example.com';
/** The rules' `for:` (alerts.yml) of the two alerts driven here. */
const FOR_SECONDS = { PriceStale: 30, RedisDown: 30 } as const;
/** The symptoms RedisDown holds back (alertmanager.yml) that page when they fire on their own. */
const REDIS_SYMPTOMS = ['PriceStale', 'NoIngestorLeader', 'ErrorBudgetBurn'];
/**
 * Issues 35 and 53: the deployed rules and Alertmanager routes (rendered from the real files, with
 * the shipped scrape, evaluation and group intervals) page a webhook receiver for real outages of
 * real processes, say when they end, and send no page for the incident after that. Debian's
 * prometheus, prometheus-alertmanager and prometheus-redis-exporter; a private Redis, so the shared
 * one is never stopped. Each page-and-resolve round takes about two minutes (the shipped timings).
 */
describe('alerts from Prometheus through Alertmanager to a webhook receiver', () => {
  const prefix = uniquePrefix('alerting');
  let redis: RedisServer | undefined;
  let sim: Sim | undefined;
  let receiver: AlertReceiver | undefined;
  let sink: MailSink | undefined;
  let alertmanager: Daemon | undefined;
  let redisExporter: Daemon | undefined;
  let prometheus: LocalPrometheus | undefined;
  let ingestors: RunningApp[] = [];
  // A gateway answering its scrape, so GatewaysDown (the cause of every SLO's burn) stays quiet.
  let gateway: RunningApp | undefined;
  let intervals: ShippedIntervals;
  const metricsPorts: number[] = [];

  const startIngestors = async (): Promise<void> => {
    if (!redis || !sim) throw new Error('not started');
    const store = { redisEnv: redisAt(redis.url).env, prefix };
    for (const port of metricsPorts) {
      const ingestor = await spawnIngestor(store, sim, { METRICS_PORT: String(port) });
      ingestors.push(ingestor);
    }
  };
  const stopIngestors = async (): Promise<void> => {
    await Promise.all(ingestors.map((ingestor) => ingestor.stop()));
    ingestors = [];
  };

  beforeAll(async () => {
    intervals = await shippedIntervals();
    redis = await startRedisServer();
    sim = await startExchangeSim({ SIM_TRADES_PER_SECOND: '5', SIM_KLINE_PUSH_MS: '1000' });
    receiver = await startAlertReceiver();
    sink = await startMailSink();
    alertmanager = await startAlertmanager(
      await renderedAlertmanagerConfig({
        ALERT_WEBHOOK_URL: receiver.url,
        ALERT_EMAIL_TO: ONCALL,
        ALERT_SMTP_FROM: 'alerts@example.com',
        ALERT_SMTP_SMARTHOST: `127.0.0.1:${sink.port}`,
        // The local mail sink speaks plain SMTP.
        ALERT_SMTP_REQUIRE_TLS: 'false',
      }),
    );
    redisExporter = await startRedisExporter(redis.url);
    metricsPorts.push(await freePort(), await freePort());
    await startIngestors();
    await ingestors[0]?.waitForLog(isMsg('leader'));
    const gatewayMetrics = await freePort();
    gateway = await spawnApp('gateway', {
      ...redisAt(redis.url).env,
      REDIS_PREFIX: prefix,
      HOST: '127.0.0.1',
      METRICS_PORT: String(gatewayMetrics),
    });
    const config = await renderPrometheusConfig(
      {
        ingestor: metricsPorts.map((port, index) => ({
          address: `127.0.0.1:${port}`,
          service: `ingestor-${index + 1}`,
        })),
        gateway: [{ address: `127.0.0.1:${gatewayMetrics}`, service: 'gateway-1' }],
        redis: [{ address: new URL(redisExporter.url).host }],
      },
      new URL(alertmanager.url).host,
    );
    prometheus = await startPrometheusWith(config, {
      env: { RUNBOOK_BASE_URL: RUNBOOK },
      args: ['--enable-feature=expand-external-labels'],
    });
  });

  afterAll(async () => {
    await stopIngestors();
    await gateway?.stop();
    await prometheus?.stop();
    await redisExporter?.stop();
    await alertmanager?.stop();
    await receiver?.close();
    await sink?.close();
    await sim?.app.stop();
    await redis?.dispose();
  });

  const running = (): {
    redis: RedisServer;
    receiver: AlertReceiver;
    sink: MailSink;
    prometheus: LocalPrometheus;
  } => {
    if (!redis || !receiver || !sink || !prometheus) throw new Error('the stack did not start');
    return { redis, receiver, sink, prometheus };
  };

  /** Resolves once Prometheus has `expr` answer `count` series (data of the last scrapes). */
  const untilSeries = async (prometheus: LocalPrometheus, expr: string, count: number): Promise<void> => {
    await eventually(
      async () => {
        const answer = await prometheus.query(expr);
        return answer.ok && answer.samples.length === count ? true : undefined;
      },
      `${count} series of ${expr} in Prometheus`,
      90_000,
    );
  };

  it('should page PriceStale (critical, with its absolute runbook address, by webhook and mail) when every ingestor stops, and resolve it once they are back', async () => {
    const { receiver, sink, prometheus } = running();
    await untilSeries(prometheus, 'pds:price_age_seconds < 30', 1);
    const stoppedAt = Date.now();
    await stopIngestors();
    const { alert, notification } = await receiver.waitFor(
      'PriceStale',
      'firing',
      stoppedAt,
      deliveryLimitMs(intervals, FOR_SECONDS.PriceStale),
    );
    console.log(
      `PriceStale reached the receiver ${Math.round((notification.receivedAt - stoppedAt) / 1000)} s after the stop`,
    );
    expect(notification.receiver).toBe('critical');
    expect(alert.labels.severity).toBe('critical');
    expect(alert.annotations.runbook_url).toBe(`${RUNBOOK}#pricestale`);
    expect(alert.annotations.summary).toBe('No ingestor leads or answers: prices are frozen');
    // The same page by mail, through the SMTP receiver.
    const mail = await sink.waitForMail(
      (each) => mailTo(ONCALL)(each) && /\[FIRING:\d+\] PriceStale/.test(each.subject),
      deliveryLimitMs(intervals, FOR_SECONDS.PriceStale),
    );
    expect(mail.subject).toContain('critical');

    const restartedAt = Date.now();
    await startIngestors();
    const resolved = await receiver.waitFor('PriceStale', 'resolved', restartedAt, resolveLimitMs(intervals));
    console.log(
      `PriceStale's resolution reached the receiver ${Math.round((resolved.notification.receivedAt - restartedAt) / 1000)} s after the restart`,
    );
  });

  it('should send no page for the stale price after it resolved: its SLO burn stays quiet while the windows still hold it', async () => {
    const { receiver, prometheus } = running();
    // The outage is still in the burn windows: the fast pair's condition holds for price-freshness...
    const burning = await prometheus.query(
      'pds_slo:errors:ratio_rate5m{slo="price-freshness"} > on (slo) (14.4 * (1 - pds_slo:objective))',
    );
    expect(burning).toMatchObject({ ok: true, samples: [{ metric: { slo: 'price-freshness' } }] });
    // ...and the only cause that held it back is PriceStale (no gateway or Redis outage).
    expect(await prometheus.query('max_over_time(pds_slo:cause_firing[35m])')).toMatchObject({
      ok: true,
      samples: [{ metric: { slo: 'price-freshness' } }],
    });
    // ...yet the alert's own expression answers nothing, so it is neither pending nor firing, and
    // no page for it reached the receiver at any time.
    expect(await prometheus.query(await sloAlertExpr('ErrorBudgetBurn'))).toEqual({ ok: true, samples: [] });
    expect(await prometheus.query('ALERTS{alertname=~"ErrorBudgetBurn.*"}')).toEqual({
      ok: true,
      samples: [],
    });
    expect(receiver.pagesSince(['ErrorBudgetBurn', 'ErrorBudgetBurnSlow'], 0)).toEqual([]);
  });

  it('should page RedisDown when Redis stops, with the Redis memory gauges absent meanwhile, and resolve it once Redis is back', async () => {
    const { redis, receiver, prometheus } = running();
    await untilSeries(prometheus, 'pds:price_age_seconds < 30', 1);
    // Both ingestors report Redis' memory; with no maxmemory (this Redis has none) no headroom.
    await untilSeries(prometheus, 'pds_redis_memory_used_bytes{job="ingestor"}', 2);
    expect(await prometheus.query('pds_redis_memory_headroom_bytes')).toEqual({ ok: true, samples: [] });
    const stoppedAt = Date.now();
    await redis.stop();
    const { alert, notification } = await receiver.waitFor(
      'RedisDown',
      'firing',
      stoppedAt,
      deliveryLimitMs(intervals, FOR_SECONDS.RedisDown),
    );
    console.log(
      `RedisDown reached the receiver ${Math.round((notification.receivedAt - stoppedAt) / 1000)} s after the stop`,
    );
    expect(notification.receiver).toBe('critical');
    expect(alert.annotations.runbook_url).toBe(`${RUNBOOK}#redisdown`);
    // Not 0 bytes: unknown while Redis does not answer (the ingestors still answer their scrapes).
    expect(await prometheus.query('up{job="ingestor"} == 1')).toMatchObject({ ok: true, samples: [{}, {}] });
    expect(await prometheus.query('pds_redis_memory_used_bytes')).toEqual({ ok: true, samples: [] });

    const restartedAt = Date.now();
    await redis.start();
    const resolved = await receiver.waitFor('RedisDown', 'resolved', restartedAt, resolveLimitMs(intervals));
    console.log(
      `RedisDown's resolution reached the receiver ${Math.round((resolved.notification.receivedAt - restartedAt) / 1000)} s after the restart`,
    );
    // No page for a symptom it held back, once it ended: wait until none fires in Prometheus, then
    // one more evaluation and group flush for a notification already on its way.
    await untilSeries(prometheus, `ALERTS{alertname=~"${REDIS_SYMPTOMS.join('|')}", alertstate="firing"}`, 0);
    await new Promise((resolve) =>
      setTimeout(resolve, (intervals.evaluation + intervals.groupInterval) * 1000),
    );
    expect(receiver.pagesSince(REDIS_SYMPTOMS, restartedAt)).toEqual([]);
  });
});
