import { loadEnvironmentOrExit } from '@pds/config';
import { createAppLogger } from '@pds/observability';
import { createGatewayApp } from './bootstrap/create-gateway-app';
import { GatewayEnvironment } from './gateway.environment';

async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(GatewayEnvironment);
  const logger = createAppLogger('gateway', env.LOG_LEVEL);
  const app = await createGatewayApp(env, logger);
  await app.listen(env.PORT, env.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : env.PORT;
  logger.info({ port, url: `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}` }, 'ready');
}

main().catch((error: unknown) => {
  // JSON like every other line, as the workers' boot-failed (the logger may not exist yet).
  const line = { level: 'error', app: 'gateway', msg: 'boot-failed', error: String(error) };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  process.exit(1);
});
