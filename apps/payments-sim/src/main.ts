import 'reflect-metadata';
import { loadEnvironmentOrExit } from '@pds/config';
import { createAppLogger } from '@pds/observability';
import { PaymentsSimEnvironment } from './payments-sim.environment';
import { buildServer } from './server';

/**
 * The Stripe simulator: the part of Stripe's API the service uses, hosted Checkout and portal pages,
 * and signed webhooks. Plain Fastify rather than Nest: Stripe's wire format (form bodies, its error
 * shape, idempotency on every POST) is hooks on one server, with nothing for Nest's modules to add.
 */
async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(PaymentsSimEnvironment);
  const logger = createAppLogger('payments-sim', env.LOG_LEVEL);
  const { app, context } = buildServer(env, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'stopping');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  // Neither key, secret nor URL (a URL may carry credentials) is logged: only what is not secret.
  logger.info(
    {
      port: (app.server.address() as { port: number }).port,
      prices: context.ledger.prices.size,
      webhookEndpoint: env.PAYSIM_WEBHOOK_URL !== undefined,
    },
    'ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
