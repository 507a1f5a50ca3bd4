import { isInterval, isMarketSymbol } from '@pds/market';
import type { FillRangeJobData, RepairGapJobData, WarmUpJobData } from '@pds/redis';
import { UnrecoverableError } from 'bullmq';

type Fields = Record<string, unknown>;

function fieldsOf(data: unknown): Fields {
  if (typeof data !== 'object' || data === null) throw new UnrecoverableError('job data is not an object');
  return data as Fields;
}

function symbolOf(fields: Fields): WarmUpJobData['symbol'] {
  if (!isMarketSymbol(fields.symbol)) throw new UnrecoverableError('job data has no known symbol');
  return fields.symbol;
}

/** `from` and `to` as epoch ms with from <= to. */
function boundsOf(fields: Fields): { from: number; to: number } {
  const { from, to } = fields;
  const valid = (value: unknown): value is number => Number.isSafeInteger(value) && Number(value) >= 0;
  if (!valid(from) || !valid(to) || from > to) {
    throw new UnrecoverableError('job data needs epoch-ms bounds with from <= to');
  }
  return { from, to };
}

// Jobs come from other processes (ingestor, gateways); a malformed one fails at once, no retries.

export function warmUpData(data: unknown): WarmUpJobData {
  return { symbol: symbolOf(fieldsOf(data)) };
}

export function repairGapData(data: unknown): RepairGapJobData {
  const fields = fieldsOf(data);
  return { symbol: symbolOf(fields), ...boundsOf(fields) };
}

export function fillRangeData(data: unknown): FillRangeJobData {
  const fields = fieldsOf(data);
  if (!isInterval(fields.interval)) throw new UnrecoverableError('job data has no known interval');
  return { symbol: symbolOf(fields), interval: fields.interval, ...boundsOf(fields) };
}
