import { EXCHANGE_NAMES, type ExchangeName, isExchangeName } from '../exchange-name';
import { type ExchangeEndpoint, PUBLIC_ENDPOINTS, settingPrefixOf } from './exchange-endpoints';

export type { ExchangeEndpoint } from './exchange-endpoints';

/** The configured exchange and the standbys that carry the live data while it is dark. */
export interface ExchangeSettings {
  readonly primary: ExchangeEndpoint;
  /** In the order of `EXCHANGE_STANDBYS`; the first live one is used. */
  readonly standbys: readonly ExchangeEndpoint[];
}

/** A bad exchange setting; the message is one line naming it, for the process to print and stop. */
export class ExchangeSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeSettingsError';
  }
}

export type SettingsSource = Readonly<Record<string, string | undefined>>;

/** Every variable `readExchangeSettings` reads, for apps that declare their environment. */
export const EXCHANGE_SETTING_KEYS = [
  'EXCHANGE',
  'EXCHANGE_STANDBYS',
  'EXCHANGE_WS_URL',
  'EXCHANGE_REST_URL',
  ...EXCHANGE_NAMES.flatMap((name) => [`${settingPrefixOf(name)}WS_URL`, `${settingPrefixOf(name)}REST_URL`]),
] as const;

/** The exchange settings out of an app's environment object (other fields ignored). */
export function exchangeSettingsSource(env: object): SettingsSource {
  const record = env as Readonly<Record<string, unknown>>;
  const source: Record<string, string | undefined> = {};
  for (const key of EXCHANGE_SETTING_KEYS) {
    const value = record[key];
    source[key] = typeof value === 'string' ? value : undefined;
  }
  return source;
}

/** Exchanges whose history can be the served history (CONTRACT section 11). */
export const PRIMARY_EXCHANGES: readonly ExchangeName[] = ['binance', 'binance-us'];

const KRAKEN_PRIMARY_REASON =
  "Kraken's OHLC endpoint serves only the latest 720 klines of an interval, so it cannot be the " +
  'history of record; list it in EXCHANGE_STANDBYS (a standby only)';

function valueOf(env: SettingsSource, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function primaryName(env: SettingsSource): ExchangeName {
  const value = valueOf(env, 'EXCHANGE') ?? 'binance';
  if (value === 'kraken')
    throw new ExchangeSettingsError(`EXCHANGE=kraken cannot be the primary: ${KRAKEN_PRIMARY_REASON}`);
  if (!isExchangeName(value) || !PRIMARY_EXCHANGES.includes(value)) {
    throw new ExchangeSettingsError(
      `EXCHANGE=${JSON.stringify(value)} is not an exchange that can be the primary: use ${PRIMARY_EXCHANGES.join(' or ')}`,
    );
  }
  return value;
}

function standbyNames(env: SettingsSource, primary: ExchangeName): ExchangeName[] {
  const value = valueOf(env, 'EXCHANGE_STANDBYS');
  if (value === undefined) return [];
  const names: ExchangeName[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!isExchangeName(entry)) {
      throw new ExchangeSettingsError(
        `EXCHANGE_STANDBYS lists ${JSON.stringify(entry)}, which is not an exchange: use ${EXCHANGE_NAMES.join(', ')}`,
      );
    }
    if (entry === primary) {
      throw new ExchangeSettingsError(
        `EXCHANGE_STANDBYS lists ${entry}, the primary (EXCHANGE=${primary}): a standby must be another exchange`,
      );
    }
    if (names.includes(entry)) throw new ExchangeSettingsError(`EXCHANGE_STANDBYS lists ${entry} twice`);
    names.push(entry);
  }
  return names;
}

function checkedUrl(env: SettingsSource, key: string, protocols: readonly string[]): string | undefined {
  const value = valueOf(env, key);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !protocols.includes(url.protocol) || url.hostname === '' || /\s/.test(value)) {
    const expected = protocols.map((protocol) => `${protocol}//`).join(' or ');
    throw new ExchangeSettingsError(`${key}=${JSON.stringify(value)} is not a ${expected} URL`);
  }
  return value;
}

const WS = ['ws:', 'wss:'] as const;
const HTTP = ['http:', 'https:'] as const;

function endpointOf(env: SettingsSource, name: ExchangeName, isPrimary: boolean): ExchangeEndpoint {
  const prefix = settingPrefixOf(name);
  const named = {
    ws: checkedUrl(env, `${prefix}WS_URL`, WS),
    rest: checkedUrl(env, `${prefix}REST_URL`, HTTP),
  };
  // EXCHANGE_WS_URL / EXCHANGE_REST_URL predate the standbys; for the primary they win.
  const legacy = isPrimary
    ? { ws: checkedUrl(env, 'EXCHANGE_WS_URL', WS), rest: checkedUrl(env, 'EXCHANGE_REST_URL', HTTP) }
    : { ws: undefined, rest: undefined };
  const defaults = PUBLIC_ENDPOINTS[name];
  return {
    name,
    wsUrl: legacy.ws ?? named.ws ?? defaults.wsUrl,
    restUrl: legacy.rest ?? named.rest ?? defaults.restUrl,
  };
}

/**
 * The exchange settings of CONTRACT section 11, read from an environment: `EXCHANGE` (default
 * binance; binance or binance-us), `EXCHANGE_STANDBYS` (ordered, comma-separated, default none),
 * `<NAME>_WS_URL`/`<NAME>_REST_URL` (defaults: each exchange's public market-data hosts), and
 * `EXCHANGE_WS_URL`/`EXCHANGE_REST_URL` for the primary. Every URL setting present is checked,
 * used or not, so a typo never waits for the day it is needed.
 * @throws ExchangeSettingsError naming the first bad setting, in one line.
 */
export function readExchangeSettings(env: SettingsSource): ExchangeSettings {
  const primary = primaryName(env);
  const standbys = standbyNames(env, primary);
  for (const name of EXCHANGE_NAMES) endpointOf(env, name, false);
  return {
    primary: endpointOf(env, primary, true),
    standbys: standbys.map((name) => endpointOf(env, name, false)),
  };
}
