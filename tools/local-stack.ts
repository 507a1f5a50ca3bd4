import { RedisEnvironment, loadEnvironmentOrExit } from '@pds/config';
import { createRedis, describeRedis, RedisKeys } from '@pds/redis';
import { type AppName, type RunningApp, spawnApp } from '@pds/testing';
import { existsSync } from 'node:fs';
import { builtEntryPoint } from '@pds/testing';
import { ensureDemoKey } from './demo-key';
import { LocalStackEnvironment } from './local-stack.environment';
import { localAccountsEnv, startLocalMailSink } from './local-mail-sink';
import { billingHowTo, localStripeEnv, paymentsSimEnv } from './local-payments';

/**
 * `npm start`: the whole service on this machine against the exchange simulator (no internet
 * needed): simulator, ingestor, cache worker and gateway, sharing the Redis at REDIS_URL, every one
 * listening on 127.0.0.1 only.
 */
/** A glitch print about every ten minutes on each simulator, as real feeds have (tests keep none). */
const LOCAL_GLITCH_EVERY_S = '600';

const started: RunningApp[] = [];

/**
 * Every listener of the stack (HTTP, WebSocket, metrics) on loopback only: a demo on a laptop must
 * not serve the café's network. The mail sink binds loopback by itself.
 */
const LOOPBACK_ONLY = { HOST: '127.0.0.1', METRICS_HOST: '127.0.0.1' };

function printLine(app: AppName, line: string, entry: Record<string, unknown> | undefined): void {
  // Request lines and framework chatter would drown the rest; everything else is shown.
  if (entry && (entry.msg === 'request' || entry.level === 'debug')) return;
  process.stdout.write(`${app.padEnd(12)} ${line}\n`);
}

async function start(app: AppName, env: Record<string, string>): Promise<RunningApp> {
  const running = await spawnApp(
    app,
    { ...env, ...LOOPBACK_ONLY },
    {
      retainOutput: false,
      timeoutMs: 30_000,
      onLine: (line, entry) => {
        printLine(app, line, entry);
      },
    },
  );
  started.push(running);
  running.process.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`${app} exited (${signal ?? code ?? 'unknown'}); stopping the stack.\n`);
    void stopAll(1);
  });
  return running;
}

let stopping = false;

async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all([...started].reverse().map((app) => app.stop('SIGTERM')));
  process.exit(exitCode);
}

async function redisAnswers(env: RedisEnvironment): Promise<boolean> {
  const redis = createRedis(env, {
    connectionName: 'local-stack',
    offlineQueue: true,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * A Binance simulator as the primary, Kraken and Binance.US simulators as its standbys (Kraken
 * first, the one a dark primary hands over to), and the ingestor following all three, so the
 * index (docs/index.md) has three sources; answers the primary's settings for the cache worker
 * (it reads the primary's history only).
 */
async function startExchanges(
  env: LocalStackEnvironment,
  shared: Record<string, string>,
): Promise<{ sim: RunningApp; standby: RunningApp; us: RunningApp; exchange: Record<string, string> }> {
  const sim = await start('exchange-sim', {
    ...shared,
    PORT: String(env.SIM_PORT),
    SIM_SEED: String(env.SIM_SEED),
    SIM_GLITCH_EVERY_S: LOCAL_GLITCH_EVERY_S,
  });
  const standby = await start('exchange-sim', {
    LOG_LEVEL: env.LOG_LEVEL,
    PORT: String(env.STANDBY_SIM_PORT),
    SIM_EXCHANGE: 'kraken',
    // The same seed: both exchanges print one market, each its own way.
    SIM_SEED: String(env.SIM_SEED),
    SIM_GLITCH_EVERY_S: LOCAL_GLITCH_EVERY_S,
  });
  const us = await start('exchange-sim', {
    LOG_LEVEL: env.LOG_LEVEL,
    PORT: String(env.US_SIM_PORT),
    SIM_EXCHANGE: 'binance-us',
    SIM_SEED: String(env.SIM_SEED),
    SIM_GLITCH_EVERY_S: LOCAL_GLITCH_EVERY_S,
  });
  const exchange = {
    EXCHANGE: 'binance',
    BINANCE_WS_URL: `ws://127.0.0.1:${sim.port}`,
    BINANCE_REST_URL: `http://127.0.0.1:${sim.port}`,
  };
  await start('ingestor', {
    ...shared,
    ...exchange,
    EXCHANGE_STANDBYS: 'kraken,binance-us',
    KRAKEN_WS_URL: `ws://127.0.0.1:${standby.port}/v2`,
    KRAKEN_REST_URL: `http://127.0.0.1:${standby.port}`,
    BINANCE_US_WS_URL: `ws://127.0.0.1:${us.port}`,
    BINANCE_US_REST_URL: `http://127.0.0.1:${us.port}`,
  });
  return { sim, standby, us, exchange };
}

async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(LocalStackEnvironment);
  if (!(await redisAnswers(env))) {
    process.stderr.write(`${describeRedis(env)} is not reachable. Start one, for example:\n`);
    process.stderr.write(
      '  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n',
    );
    process.exit(1);
  }
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  const shared = { REDIS_URL: env.REDIS_URL, REDIS_PREFIX: env.REDIS_PREFIX, LOG_LEVEL: env.LOG_LEVEL };
  const { sim, standby, us, exchange } = await startExchanges(env, shared);
  await start('payments-sim', {
    LOG_LEVEL: env.LOG_LEVEL,
    ...paymentsSimEnv(env.PAYMENTS_SIM_PORT, env.PORT),
  });
  const stripe = localStripeEnv(env.PAYMENTS_SIM_PORT);
  if (existsSync(builtEntryPoint('cache'))) await start('cache', { ...shared, ...exchange, ...stripe });
  const mailSink = await startLocalMailSink(env.MAIL_SINK_PORT);
  const gateway = await start('gateway', {
    ...shared,
    PORT: String(env.PORT),
    ...adminToken(env),
    ...localAccountsEnv(mailSink, env.PORT),
    ...stripe,
  });
  const key = await ensureDemoKey(env, new RedisKeys(env.REDIS_PREFIX));
  process.stdout.write(
    welcome(`http://127.0.0.1:${gateway.port}`, sim.port, key, mailSink.url, env.PAYMENTS_SIM_PORT),
  );
  process.stdout.write(failoverHowTo(`http://127.0.0.1:${gateway.port}`, sim.port, standby.port, key));
  process.stdout.write(indexHowTo(`http://127.0.0.1:${gateway.port}`, standby.port, us.port, key));
}

function welcome(url: string, simPort: number, key: string, mailUrl: string, paymentsPort: number): string {
  return (
    [
      '',
      `The service is running against the exchange simulator at http://127.0.0.1:${simPort}.`,
      `  Gateway:  ${url}   (API docs: ${url}/docs)`,
      `  Live chart: ${url}/demo (paste the demo key there)`,
      `  Account:  ${url}/account (sign up, keys, plan and boosts)`,
      `  Demo key: ${key}`,
      `  Try:      curl -H 'x-api-key: ${key}' ${url}/api/v1/prices/current`,
      `  Mail:     ${mailUrl} (account mails are printed here with their links)`,
      ...billingHowTo(url, paymentsPort),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n') + '\n'
  );
}

/** How to watch the standby take over: the primary simulator made dark, then lit again. */
function failoverHowTo(url: string, simPort: number, standbyPort: number, key: string): string {
  const sim = `http://127.0.0.1:${simPort}`;
  return (
    [
      `Exchanges: Binance (simulator ${sim}) as the primary, Kraken (simulator http://127.0.0.1:${standbyPort}) as its standby.`,
      `  Watch the source:  curl -si -H 'x-api-key: ${key}' ${url}/api/v1/prices/current | grep -i x-price-source`,
      `  Primary dark:      curl -X POST -H 'content-type: application/json' -d '{"mode":"451"}' ${sim}/sim/dark`,
      '                     (modes: silent, refuse, 451, cut; Kraken serves within 15 s)',
      `  Primary back:      curl -X POST ${sim}/sim/light   (Binance serves again after a minute)`,
      '',
    ].join('\n') + '\n'
  );
}

/** How to watch the index price leave out an exchange pushed away from the others, and take it back. */
function indexHowTo(url: string, krakenPort: number, usPort: number, key: string): string {
  const kraken = `http://127.0.0.1:${krakenPort}`;
  return (
    [
      `Index price: the median of Binance, Kraken and Binance.US (simulator http://127.0.0.1:${usPort}); docs/index.md.`,
      `  Watch it:          curl -s -H 'x-api-key: ${key}' ${url}/api/v1/index/current`,
      `  Kraken 15 % away:  curl -X POST -H 'content-type: application/json' -d '{"bps":1500}' ${kraken}/sim/skew`,
      '                     (Kraken is left out with reason "deviation"; {"bps":0} takes it back)',
      '',
    ].join('\n') + '\n'
  );
}

function adminToken(env: LocalStackEnvironment): Record<string, string> {
  return env.ADMIN_TOKEN ? { ADMIN_TOKEN: env.ADMIN_TOKEN } : {};
}

main().catch((error: unknown) => {
  process.stderr.write(`local stack failed: ${error instanceof Error ? error.message : String(error)}\n`);
  void stopAll(1);
});
