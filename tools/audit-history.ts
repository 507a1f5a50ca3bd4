import { loadEnvironment } from '@pds/config';
import {
  auditKlines,
  BinanceRestClient,
  fetchKlineHistory,
  isCleanAudit,
  type KlineAudit,
} from '@pds/exchange';
import { DEFAULT_SYMBOL } from '@pds/market';
import { AuditEnvironment } from './audit-history/audit.environment';
import { type AuditOptions, parseAuditOptions, USAGE, UsageError } from './audit-history/audit-options';
import { servedByGateway, storedInRedis } from './audit-history/stored-history';

/** One line per finding, then a summary; the text is for operators, each line greppable. */
function report(audit: KlineAudit, options: AuditOptions): string[] {
  const lines = [
    ...audit.holes.map((openTime) => `hole ${openTime}`),
    ...audit.extras.map((openTime) => `extra ${openTime}`),
    ...audit.mismatches.flatMap(({ openTime, differences }) =>
      differences.map(
        (difference) =>
          `mismatch ${openTime} ${difference.field}: exchange ${String(difference.exchange)}, stored ${String(difference.stored)}`,
      ),
    ),
  ];
  const range = `${options.interval} ${new Date(options.from).toISOString()} → ${new Date(options.to).toISOString()}`;
  const summary = `${range}: ${audit.holes.length} holes, ${audit.extras.length} extras, ${audit.mismatches.length} mismatches`;
  return [...lines, summary];
}

/**
 * `npm run audit-history -- --from … --to … --interval …`: compares every stored kline of the range
 * with the exchange's REST history, field by field; exit 0 when they agree, 1 on any hole, extra or
 * mismatch, 2 on wrong usage, 3 when the exchange or the store could not be read.
 */
async function main(): Promise<number> {
  let options: AuditOptions;
  try {
    options = parseAuditOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  const env = loadEnvironment(AuditEnvironment);
  try {
    const rest = new BinanceRestClient({ baseUrl: env.EXCHANGE_REST_URL });
    const [exchange, stored] = await Promise.all([
      fetchKlineHistory(rest, DEFAULT_SYMBOL, options.interval, options.from, options.to),
      options.gateway ? servedByGateway(env, options, options.gateway) : storedInRedis(env, options),
    ]);
    const audit = auditKlines(exchange, stored);
    process.stdout.write(`${report(audit, options).join('\n')}\n`);
    return isCleanAudit(audit) ? 0 : 1;
  } catch (error) {
    process.stderr.write(`audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 3;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
