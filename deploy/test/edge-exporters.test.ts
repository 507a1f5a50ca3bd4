import { join } from 'node:path';
import { eventually, freePort, parseMetrics, type Sample } from '@pds/testing';
import { type Daemon, startDaemon } from './support/alerting';
import { OBSERVABILITY } from './support/observability-files';
import { type ReplicaStack, startReplicaStack } from './support/replica-stack';
import { type SelfSigned, selfSignedCertificate } from './support/tls';

async function metricsOf(url: string): Promise<Sample[]> {
  return parseMetrics(await (await fetch(url)).text());
}

function valueOf(samples: readonly Sample[], name: string): number | undefined {
  return samples.find((sample) => sample.name === name)?.value;
}

/**
 * Issue 35: the exporters of the compose `observability` profile, as Debian packages them, read
 * the edge the way they are configured to: blackbox_exporter with the shipped module probes HTTPS
 * through the shipped nginx (TLS mode, two real gateways) and reads the certificate's expiry;
 * nginx-prometheus-exporter reads nginx's stub status at the shipped address.
 */
describe('the edge exporters against the shipped nginx', () => {
  let certificate: SelfSigned | undefined;
  let stack: ReplicaStack | undefined;
  let blackbox: Daemon | undefined;
  let nginxExporter: Daemon | undefined;
  let healthUrl = '';

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
    const httpsPort = await freePort();
    stack = await startReplicaStack('edge', { kind: 'tls', httpsPort, tlsFolder: certificate.folder });
    healthUrl = `https://127.0.0.1:${httpsPort}/health`;
    const config = join(OBSERVABILITY, 'blackbox/blackbox.yml');
    blackbox = await startDaemon(
      'prometheus-blackbox-exporter',
      (port) => Promise.resolve([`--config.file=${config}`, `--web.listen-address=127.0.0.1:${port}`]),
      '/-/healthy',
    );
    const statusUrl = `${stack.nginx.url}/nginx-status`;
    nginxExporter = await startDaemon(
      'prometheus-nginx-exporter',
      (port) => Promise.resolve([`-nginx.scrape-uri=${statusUrl}`, `-web.listen-address=127.0.0.1:${port}`]),
      '/metrics',
    );
  });

  afterAll(async () => {
    await nginxExporter?.stop();
    await blackbox?.stop();
    await stack?.close();
    await certificate?.remove();
  });

  const probe = async (): Promise<Sample[]> => {
    if (!blackbox) throw new Error('not started');
    const query = new URLSearchParams({ module: 'https_edge', target: healthUrl });
    return metricsOf(`${blackbox.url}/probe?${query.toString()}`);
  };

  it("should read nginx's stub status through the exporter", async () => {
    if (!nginxExporter) throw new Error('not started');
    const samples = await metricsOf(`${nginxExporter.url}/metrics`);
    expect(valueOf(samples, 'nginx_up')).toBe(1);
    expect(valueOf(samples, 'nginx_connections_active')).toBeGreaterThanOrEqual(1);
  });

  it("should probe the edge over HTTPS with success, and read its certificate's expiry", async () => {
    const samples = await probe();
    expect(valueOf(samples, 'probe_success')).toBe(1);
    expect(valueOf(samples, 'probe_http_ssl')).toBe(1);
    const expiry = valueOf(samples, 'probe_ssl_earliest_cert_expiry') ?? 0;
    // The test certificate is valid for days, not years: a real date in the future.
    expect(expiry * 1000).toBeGreaterThan(Date.now());
  });

  it('should fail the probe once no gateway is left behind nginx (EdgeDown)', async () => {
    if (!stack) throw new Error('not started');
    await Promise.all(stack.replicas.map((replica) => replica.stop()));
    await eventually(
      async () => (valueOf(await probe(), 'probe_success') === 0 ? true : undefined),
      'a failing probe',
      30_000,
    );
  });
});
