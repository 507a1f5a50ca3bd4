import type { FormObject, FormValue } from './form-decoding';
import { invalidParam, missingParam, StripeError } from './stripe-error';

/** Reads a request's decoded parameters the way Stripe validates them, answering Stripe's errors. */
export class Params {
  constructor(
    private readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  /** Stripe refuses a parameter it does not know: `Received unknown parameter: foo`. */
  allowOnly(names: readonly string[]): this {
    const unknown = Object.keys(this.values).find((name) => !names.includes(name));
    if (unknown !== undefined) {
      const param = this.name(unknown);
      throw new StripeError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${param}`,
        'parameter_unknown',
        param,
      );
    }
    return this;
  }

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  isObject(key: string): boolean {
    const value = this.values[key];
    return typeof value === 'object' && !Array.isArray(value);
  }

  optionalString(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${describe(value)}`);
    return value;
  }

  string(key: string): string {
    const value = this.optionalString(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  optionalInteger(key: string, min: number, max: number): number | undefined {
    const text = this.optionalString(key);
    if (text === undefined) return undefined;
    const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value))
      throw invalidParam(this.name(key), `Invalid integer: ${text}`, 'parameter_invalid_integer');
    if (value < min || value > max) {
      const message = `This value must be greater than or equal to ${min} and less than or equal to ${max} (it currently is '${value}').`;
      throw invalidParam(this.name(key), message, 'parameter_invalid_integer');
    }
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    const text = this.optionalString(key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false')
      throw invalidParam(this.name(key), `Invalid boolean: ${text}`, 'parameter_invalid_boolean');
    return text === 'true';
  }

  optionalEnum<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const text = this.optionalString(key);
    if (text === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(text)) {
      throw invalidParam(this.name(key), `Invalid ${key}: must be one of ${allowed.join(', ')}`);
    }
    return text as T;
  }

  /** A nested object (`metadata[k]=v`); absent → undefined. */
  optionalObject(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParam(this.name(key), `Invalid hash`, 'parameter_invalid_object');
    return new Params(value, this.name(key));
  }

  /** An array of objects (`line_items[0][price]`). */
  objectList(key: string): Params[] {
    const value = this.values[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw invalidParam(this.name(key), `Invalid array`, 'parameter_invalid_array');
    return value.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw invalidParam(`${this.name(key)}[${index}]`, `Invalid hash`, 'parameter_invalid_object');
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  /** An array of strings (`expand[]=a`). */
  stringList(key: string): string[] {
    const value = this.values[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw invalidParam(this.name(key), `Invalid array`, 'parameter_invalid_array');
    }
    return value;
  }

  /**
   * `metadata[k]=v` as a plain record of strings (Stripe's metadata is strings only). An empty value
   * unsets: `metadata=` gives no keys and `metadata[k]=` leaves `k` out.
   */
  metadata(key = 'metadata'): Record<string, string> {
    if (this.values[key] === '') return {};
    const value = this.optionalObject(key);
    if (!value) return {};
    const record: Record<string, string> = {};
    for (const name of Object.keys(value.values)) {
      const text = value.optionalString(name);
      if (text) record[name] = text;
    }
    return record;
  }
}

function describe(value: FormValue): string {
  return Array.isArray(value) ? 'array' : 'hash';
}
