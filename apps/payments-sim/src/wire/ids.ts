import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The prefixes of the objects the simulator makes, as Stripe spells them. */
export type IdPrefix =
  | 'cus'
  | 'cs_test'
  | 'sub'
  | 'sub_sched'
  | 'si'
  | 'in'
  | 'il'
  | 'pi'
  | 'inpay'
  | 're'
  | 'evt'
  | 'price'
  | 'prod'
  | 'bps'
  | 'we'
  | 'whsec'
  | 'req';

/** Checkout session ids are long (they travel in URLs); the rest are Stripe's usual 24 characters. */
const LENGTHS: Partial<Record<IdPrefix, number>> = { cs_test: 58, whsec: 32, req: 14 };

/** Random base62 text; the 8-bit modulo bias is irrelevant for identifiers. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length] ?? 'A';
  return text;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(LENGTHS[prefix] ?? 24)}`;
}
