import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@pds/testing';

/** One alert of an Alertmanager webhook notification. */
export interface NotifiedAlert {
  readonly status: 'firing' | 'resolved';
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

/** An Alertmanager webhook notification (its JSON body, version 4), with when it arrived. */
export interface AlertNotification {
  readonly receiver: string;
  readonly status: 'firing' | 'resolved';
  readonly alerts: readonly NotifiedAlert[];
  readonly receivedAt: number;
}

export interface AlertReceiver {
  readonly url: string;
  readonly notifications: AlertNotification[];
  /** The first alert named `alertname` notified with `status` after `since` (epoch ms). */
  waitFor(
    alertname: string,
    status: NotifiedAlert['status'],
    since: number,
    timeoutMs: number,
  ): Promise<Notified>;
  /** The notifications after `since` (epoch ms) that page for one of `alertnames`. */
  pagesSince(alertnames: readonly string[], since: number): AlertNotification[];
  close(): Promise<void>;
}

export interface Notified {
  readonly notification: AlertNotification;
  readonly alert: NotifiedAlert;
}

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/**
 * An HTTP server on loopback taking Alertmanager's webhook notifications, as a paging service's
 * webhook would (the receivers' ALERT_WEBHOOK_URL). The libs/testing webhook receiver verifies
 * Stripe's signatures; Alertmanager's plain JSON needs none, hence this one.
 */
export async function startAlertReceiver(): Promise<AlertReceiver> {
  const notifications: AlertNotification[] = [];
  const server = createServer((request, response) => {
    jsonBody(request).then(
      (body) => {
        notifications.push({ ...(body as Omit<AlertNotification, 'receivedAt'>), receivedAt: Date.now() });
        response.writeHead(200).end();
      },
      () => response.writeHead(400).end(),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const find = (alertname: string, status: string, since: number): Notified | undefined => {
    for (const notification of notifications) {
      if (notification.receivedAt < since) continue;
      const alert = notification.alerts.find(
        (each) => each.labels.alertname === alertname && each.status === status,
      );
      if (alert) return { notification, alert };
    }
    return undefined;
  };
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    notifications,
    waitFor: (alertname, status, since, timeoutMs) =>
      eventually(
        () => Promise.resolve(find(alertname, status, since)),
        `${alertname} ${status} at the receiver`,
        timeoutMs,
      ),
    pagesSince: (alertnames, since) =>
      notifications.filter(
        (each) =>
          each.receivedAt >= since &&
          each.alerts.some(
            (alert) => alert.status === 'firing' && alertnames.includes(alert.labels.alertname ?? ''),
          ),
      ),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
