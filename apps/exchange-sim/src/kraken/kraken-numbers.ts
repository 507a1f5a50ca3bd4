/**
 * Kraken's decimals from the sim's integer units (prices in 0.01 ticks, quantities in 0.00001 steps):
 * prices on BTC/USDT's 0.1 tick, volumes with 8 decimals, never through a binary float.
 */

/** A price in 0.01 ticks on Kraken's 0.1 tick (half up): the integer count of tenths. */
export function krakenTenths(ticks: number | bigint): bigint {
  return (BigInt(ticks) + 5n) / 10n;
}

/** `97123.4`: a price with the pair's one decimal (OHLC rows and WebSocket v2 numbers). */
export function krakenPrice(ticks: number | bigint): string {
  const tenths = krakenTenths(ticks);
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** `97123.40000`: a price as the Trades and Ticker endpoints write it (five decimals). */
export function krakenPriceLong(ticks: number | bigint): string {
  return `${krakenPrice(ticks)}0000`;
}

/** `0.50000000`: a quantity in 0.00001 steps with Kraken's 8 decimals (REST strings). */
export function krakenVolume(steps: number | bigint): string {
  const units = BigInt(steps);
  return `${units / 100_000n}.${(units % 100_000n).toString().padStart(5, '0')}000`;
}

/** `0.5`: the same quantity as WebSocket v2 writes it, a JSON number without trailing zeros. */
export function krakenVolumeNumber(steps: number | bigint): string {
  return krakenVolume(steps).replace(/0+$/, '').replace(/\.$/, '.0');
}

/** Volume-weighted average price in 0.01 ticks from a quote amount (10^-7) and a volume (steps). */
export function vwapTicks(quote: bigint, volume: bigint): bigint {
  return volume === 0n ? 0n : (quote + volume / 2n) / volume;
}
