import { type EnvironmentClass, toInteger } from '@pds/config';
import { IsInt, IsString, registerDecorator } from 'class-validator';
import {
  type ExchangeSettings,
  ExchangeSettingsError,
  exchangeSettingsSource,
  readExchangeSettings,
} from './exchange-settings';

/** The environment's exchange settings read as the lib reads them; the error's one line is the message. */
function settingsProblem(environment: object): string | undefined {
  try {
    readExchangeSettings(exchangeSettingsSource(environment));
    return undefined;
  } catch (error) {
    if (error instanceof ExchangeSettingsError) return error.message;
    throw error;
  }
}

/** Validates every exchange setting at boot, so a bad one stops the app with one line naming it. */
function AreExchangeSettings(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'areExchangeSettings',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: (args) => settingsProblem(args.object) ?? 'bad exchange settings' },
      validator: { validate: (_value: unknown, args) => settingsProblem(args?.object ?? {}) === undefined },
    });
  };
}

/**
 * The exchange settings of CONTRACT section 11 (EXCHANGE, EXCHANGE_STANDBYS, `<NAME>_WS_URL`,
 * `<NAME>_REST_URL`, EXCHANGE_WS_URL/EXCHANGE_REST_URL), added to an app's environment class (a
 * mixin, as each already extends ServiceEnvironment) and validated with the rest at boot.
 */
export function withExchangeSettings<Base extends EnvironmentClass>(base: Base) {
  class ExchangeEnvironment extends base {
    /** The primary exchange; its history is the served history. */
    @IsString()
    @AreExchangeSettings()
    EXCHANGE = 'binance';

    /** Standbys that carry the live data while the primary is dark, best first, comma-separated. */
    @IsString()
    EXCHANGE_STANDBYS = '';

    /**
     * Tests only: how far the service's clock runs ahead of the host's (`shiftServiceClock`), for
     * suites that run the simulators ahead of real time. 0 in production, where the host's clock is
     * the service's (CONTRACT section 11).
     */
    @toInteger()
    @IsInt()
    SERVICE_CLOCK_OFFSET_MS = 0;

    /** The settings read from the whole environment (valid: checked at boot). */
    exchangeSettings(): ExchangeSettings {
      return readExchangeSettings(exchangeSettingsSource(this));
    }
  }
  return ExchangeEnvironment;
}
