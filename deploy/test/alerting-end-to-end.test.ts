import {
  eventually,
  freePort,
  isMsg,
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
  renderAlertmanagerConfig,
  renderPrometheusConfig,
  startAlertmanager,
  startDaemon,
  TEST_INTERVALS,
} from './support/alerting';
import { type LocalPrometheus, startPrometheusWith } from './support/prometheus';

jest.setTimeout(300_000);

const RUNBOOK = 'https://runbooks.example/price-data-service/runbook.md';
const ONCALL = 'oncall@example.com';
/** The rules' `for:` (alerts.yml) of the two alerts driven here. */
const FOR_SECONDS = { PriceStale: 30, RedisDown: 30 } as const;
/**
 * How long an alert may take to reach the receiver: its `for:`, a scrape to see the failure, an
 * evaluation, Alertmanager's group wait, then a margin for a busy machine (a bound, not a timing).
 */
function deliveryLimitMs(alert: keyof typeof FOR_SECONDS): number {
  const { scrape, evaluation, groupWait, groupInterval } = TEST_INTERVALS;
  return (FOR_SECONDS[alert] + scrape + evaluation + groupWait + groupInterval) * 1000 + 60_000;
}

/**
 * Issue 35: the deployed rules and Alertmanager routes (rendered from the real files, intervals
 * shortened) page a webhook receiver for real outages of real processes, and say when they end.
 * Debian's prometheus, prometheus-alertmanager and prometheus-redis-exporter; a private Redis, so
 * the shared one is never stopped.
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
    redis = await startRedisServer();
    sim = await startExchangeSim({ SIM_TRADES_PER_SECOND: '5', SIM_KLINE_PUSH_MS: '1000' });
    receiver = await startAlertReceiver();
    sink = await startMailSink();
    alertmanager = await startAlertmanager(
      await renderAlertmanagerConfig({
        ALERT_WEBHOOK_URL: receiver.url,
        ALERT_EMAIL_TO: ONCALL,
        ALERT_SMTP_FROM: 'alerts@example.com',
        ALERT_SMTP_SMARTHOST: `127.0.0.1:${sink.port}`,
        // The local mail sink speaks plain SMTP.
        ALERT_SMTP_REQUIRE_TLS: 'false',
      }),
    );
    const redisUrl = redis.url;
    redisExporter = await startDaemon(
      'prometheus-redis-exporter',
      (port) => Promise.resolve(['-redis.addr', redisUrl, '-web.listen-address', `127.0.0.1:${port}`]),
      '/health',
    );
    metricsPorts.push(await freePort(), await freePort());
    await startIngestors();
    await ingestors[0]?.waitForLog(isMsg('leader'));
    const config = await renderPrometheusConfig(
      {
        ingestor: metricsPorts.map((port, index) => ({
          address: `127.0.0.1:${port}`,
          service: `ingestor-${index + 1}`,
        })),
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
      deliveryLimitMs('PriceStale'),
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
      deliveryLimitMs('PriceStale'),
    );
    expect(mail.subject).toContain('critical');

    const restartedAt = Date.now();
    await startIngestors();
    await receiver.waitFor('PriceStale', 'resolved', restartedAt, 120_000);
  });

  it('should page RedisDown when Redis stops, with the Redis memory gauges absent meanwhile, and resolve it once Redis is back', async () => {
    const { redis, receiver, prometheus } = running();
    await untilSeries(prometheus, 'pds:price_age_seconds < 30', 1);
    // Both ingestors report Redis' memory; with no maxmemory (this Redis has none) no headroom.
    await untilSeries(prometheus, 'pds_redis_memory_used_bytes', 2);
    expect(await prometheus.query('pds_redis_memory_headroom_bytes')).toEqual({ ok: true, samples: [] });
    const stoppedAt = Date.now();
    await redis.stop();
    const { alert, notification } = await receiver.waitFor(
      'RedisDown',
      'firing',
      stoppedAt,
      deliveryLimitMs('RedisDown'),
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
    await receiver.waitFor('RedisDown', 'resolved', restartedAt, 60_000);
  });
});
