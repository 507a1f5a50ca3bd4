/** Digits after the decimal point of a currency (2 for usd, 0 for jpy), as ISO 4217 and Intl know them. */
function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * A Stripe amount in the currency's minor unit as the decimal string the API shows (`4000`, `usd` →
 * `"40.00"`), by moving the decimal point in the digits: never through a binary float.
 */
export function minorUnitsToDecimal(amount: number, currency: string): string {
  const digits = fractionDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
