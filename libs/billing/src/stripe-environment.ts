import { emptyAsUnset, type EnvironmentClass } from '@pds/config';
import { IsOptional, IsString, Matches } from 'class-validator';
import { SIMULATOR_PRICES } from './catalogue';

/**
 * The Stripe settings the gateway and the cache worker share, added to an app's environment class
 * (a mixin, since each already extends ServiceEnvironment) and validated with the rest at boot.
 */
export function withStripeSettings<Base extends EnvironmentClass>(base: Base) {
  class StripeSettings extends base {
    /** Stripe's secret key (`sk_...`); without it billing is off. Never logged. */
    @emptyAsUnset()
    @IsOptional()
    @IsString()
    STRIPE_SECRET_KEY?: string;

    /** Where the Stripe API is, for a local stand-in such as the payments simulator; unset: Stripe. */
    @emptyAsUnset()
    @IsOptional()
    @Matches(/^https?:\/\/\S+$/, { message: 'STRIPE_API_URL must be an http:// or https:// URL' })
    STRIPE_API_URL?: string;

    /** Stripe price ids of the paid plans and boosts (the payments simulator's by default). */
    @IsString()
    STRIPE_PRICE_PRO = SIMULATOR_PRICES.STRIPE_PRICE_PRO;

    @IsString()
    STRIPE_PRICE_BUSINESS = SIMULATOR_PRICES.STRIPE_PRICE_BUSINESS;

    @IsString()
    STRIPE_PRICE_BOOST_HOUR = SIMULATOR_PRICES.STRIPE_PRICE_BOOST_HOUR;

    @IsString()
    STRIPE_PRICE_BOOST_DAY = SIMULATOR_PRICES.STRIPE_PRICE_BOOST_DAY;
  }
  return StripeSettings;
}
