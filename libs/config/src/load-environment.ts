import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment variables: ${problems.join('; ')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/** Settings whose values are credentials: a problem with one names it but never prints its value. */
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|KEY/i;

function describe(error: ValidationError): string {
  const rules = Object.values(error.constraints ?? {}).join(', ');
  const value = SECRET_SETTING.test(error.property)
    ? `<hidden, ${String(error.value).length} characters>`
    : JSON.stringify(error.value);
  return `${error.property}=${value} (${rules})`;
}

/**
 * Reads and validates one app's environment into its typed class, once, at boot. Every variable
 * that fails is named in a single error, so a bad deployment says everything that is wrong at once.
 */
export function loadEnvironment<T extends object>(
  schema: new () => T,
  source: NodeJS.ProcessEnv = process.env,
): T {
  const instance = plainToInstance(schema, { ...source }, { enableImplicitConversion: false });
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) throw new InvalidEnvironmentError(errors.map(describe));
  return instance;
}

/** For an app's main(): print the configuration problem and stop, instead of a stack trace. */
export function loadEnvironmentOrExit<T extends object>(schema: new () => T): T {
  try {
    return loadEnvironment(schema);
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}
