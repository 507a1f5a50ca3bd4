import { exchangeSettingsSource, ExchangeSettingsError, readExchangeSettings } from '@pds/exchange';
import {
  registerDecorator,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

function problemOf(env: object): string | undefined {
  try {
    readExchangeSettings(exchangeSettingsSource(env));
    return undefined;
  } catch (error) {
    if (error instanceof ExchangeSettingsError) return error.message;
    throw error;
  }
}

/**
 * The exchange settings as a whole (CONTRACT section 11), checked by the lib's own reader, so a bad
 * one stops the worker at start with the reader's one line in "Invalid environment variables: …".
 */
@ValidatorConstraint({ name: 'exchangeSettings' })
class ExchangeSettingsConstraint implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    return problemOf(args.object) === undefined;
  }

  defaultMessage(args: ValidationArguments): string {
    return problemOf(args.object) ?? 'invalid exchange settings';
  }
}

export function ValidExchangeSettings(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      target: target.constructor,
      propertyName: String(propertyName),
      validator: ExchangeSettingsConstraint,
    });
  };
}
