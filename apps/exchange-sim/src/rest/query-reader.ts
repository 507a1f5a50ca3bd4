import { SIM_SYMBOL } from '../market/market-events';
import { BinanceError, NUMBER_RANGE, SYMBOL_RANGE } from './binance-error';

export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

const UNSIGNED = /^[0-9]{1,20}$/;
const SYMBOL = /^[A-Z0-9-_.]{1,20}$/;

/**
 * Reads a query string the way Binance's parameter parser does: a duplicated parameter is -1101,
 * a parameter the endpoint does not read is -1104, missing mandatory ones -1102, empty optional
 * ones -1105, non-digits in a number -1100.
 */
export class QueryReader {
  private readonly values = new Map<string, string>();

  constructor(query: RawQuery, known: readonly string[]) {
    let read = 0;
    let sent = 0;
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) throw BinanceError.duplicateParameter();
      sent += 1;
      if (known.includes(name)) read += 1;
      this.values.set(name, value);
    }
    if (read !== sent) throw BinanceError.unreadParameters(read, sent);
  }

  /** For endpoints without parameters: anything sent is a parameter they do not read (-1104). */
  static expectNone(query: RawQuery): void {
    new QueryReader(query, []);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  required(name: string): string {
    const value = this.values.get(name);
    if (value === undefined || value === '') throw BinanceError.mandatoryMissing(name);
    return value;
  }

  optional(name: string): string | undefined {
    const value = this.values.get(name);
    if (value === '') throw BinanceError.emptyParameter(name);
    return value;
  }

  optionalUnsigned(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!UNSIGNED.test(value)) throw BinanceError.illegalChars(name, NUMBER_RANGE);
    return Number(value);
  }

  /** The `symbol` parameter, which must name the sim's one symbol. */
  symbol(): string {
    const symbol = this.required('symbol');
    checkSymbol(symbol);
    return symbol;
  }
}

export function checkSymbol(symbol: string): void {
  if (!SYMBOL.test(symbol)) throw BinanceError.illegalChars('symbol', SYMBOL_RANGE);
  if (symbol !== SIM_SYMBOL) throw BinanceError.badSymbol();
}
