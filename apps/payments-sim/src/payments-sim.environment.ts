import { AppEnvironment, toInteger, withHttpListener } from '@pds/config';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** Every setting of the payments simulator, validated once at boot; it listens on 12111 as Stripe's own mock does. */
export class PaymentsSimEnvironment extends withHttpListener(AppEnvironment, 12_111) {
  /** The one secret key the API accepts (`Authorization: Bearer ...`). Never logged. */
  @Matches(/^sk_test_[A-Za-z0-9_]{8,}$/, {
    message: 'PAYSIM_SECRET_KEY must look like sk_test_ followed by 8+ letters, digits or _',
  })
  PAYSIM_SECRET_KEY = 'sk_test_paymentssimulator';

  /** Where hosted pages are reached from a browser (the `url` of sessions); default: http://127.0.0.1:<port>. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'PAYSIM_PUBLIC_URL must be an http(s) URL' })
  PAYSIM_PUBLIC_URL?: string;

  /** An endpoint that receives every event from the start, like one made in Stripe's dashboard. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'PAYSIM_WEBHOOK_URL must be an http(s) URL' })
  PAYSIM_WEBHOOK_URL?: string;

  /** The signing secret of PAYSIM_WEBHOOK_URL. Never logged. */
  @Matches(/^whsec_[A-Za-z0-9_]{8,}$/, {
    message: 'PAYSIM_WEBHOOK_SECRET must look like whsec_ followed by 8+ letters, digits or _',
  })
  PAYSIM_WEBHOOK_SECRET = 'whsec_paymentssimulator';

  /** The price catalogue as a JSON array (see README); wins over PAYSIM_PRICES_FILE. */
  @IsOptional()
  @IsString()
  PAYSIM_PRICES?: string;

  @IsOptional()
  @IsString()
  PAYSIM_PRICES_FILE?: string;

  /** `api_version` of events (the version stripe-node 23 pins). */
  @Matches(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/, {
    message: 'PAYSIM_API_VERSION must look like 2026-10-28.endive',
  })
  PAYSIM_API_VERSION = '2026-10-28.endive';

  /** First webhook retry after this long, doubling each time (Stripe spreads retries over 3 days). */
  @toInteger()
  @IsInt()
  @Min(1)
  PAYSIM_WEBHOOK_RETRY_BASE_MS = 5000;

  @toInteger()
  @IsInt()
  @Min(1)
  PAYSIM_WEBHOOK_RETRY_MAX_MS = 3_600_000;

  /** Attempts in all before a delivery is marked failed. */
  @toInteger()
  @IsInt()
  @Min(1)
  @Max(100)
  PAYSIM_WEBHOOK_MAX_ATTEMPTS = 8;

  /** An endpoint that has not answered in this time counts as a failed attempt (Stripe waits ~10 s). */
  @toInteger()
  @IsInt()
  @Min(100)
  PAYSIM_WEBHOOK_TIMEOUT_MS = 10_000;

  /**
   * The dunning retry schedule: days after the previous failed charge at which a declined invoice is
   * charged again (Stripe's custom retry schedule allows up to three retries).
   */
  @Matches(/^[1-9]\d*(,[1-9]\d*){0,2}$/, {
    message: 'PAYSIM_RETRY_DAYS must be up to three whole numbers of days, such as 3,5,7',
  })
  PAYSIM_RETRY_DAYS = '3,5,7';

  /** The subscription once every retry failed: canceled, `unpaid`, or left `past_due` (Stripe's setting). */
  @IsIn(['cancel', 'unpaid', 'past_due'])
  PAYSIM_RETRIES_EXHAUSTED: 'cancel' | 'unpaid' | 'past_due' = 'cancel';
}
