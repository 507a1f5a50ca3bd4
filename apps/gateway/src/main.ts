import { loadEnvironmentOrExit } from '@pds/config';
import { JsonLogger } from '@pds/observability';
import { createGatewayApp } from './bootstrap/create-gateway-app';
import { GatewayEnvironment } from './gateway.environment';

async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(GatewayEnvironment);
  const logger = new JsonLogger('gateway', env.LOG_LEVEL);
  const app = await createGatewayApp(env, logger);
  await app.listen(env.PORT, env.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : env.PORT;
  logger.info('ready', { port, url: `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}` });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
