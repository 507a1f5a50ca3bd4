/**
 * The `t=` of a Stripe-Signature as stripe-node's `parseHeader` reads it (the package does not
 * export it): items split on `,` and `=`, the item named exactly `t`, the LAST one counting, its
 * value through parseInt. Read any other way, `t=<now>,` written in front of a signature dated
 * ahead would show a time that was never verified.
 */
export function signedTimeAsStripeReadsIt(signature: string): number {
  let signedAt = Number.NaN;
  for (const item of signature.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  return signedAt;
}
