import { Body, Controller, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { STRIPE_CALL_BOUND_MS } from '@pds/billing';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  invalidSessionToken,
  AccountOnly,
  SignedInSession,
  type Session,
  type AccountRecord,
  AccountStore,
} from '../accounts';
import { RETRY_AFTER_HEADER } from '../docs/response-headers';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { BodyValidationPipe } from '../validation/body-validation.pipe';
import { CheckoutPages, type Payer } from './checkout/checkout-pages';
import { BoostCheckoutDto, CheckoutDto, HostedPageDto } from './dto/checkout.dto';
import { DeadlineAllowance } from '../deadline/http-deadlines';
import { ApiException } from '../errors/api-exception';
import { FREE_PLAN_ID } from '../entitlements';

/** Each operation makes at most two Stripe calls: the customer (the first time) and the page. */
const CHECKOUT_ALLOWANCE_MS = 2 * STRIPE_CALL_BOUND_MS;

const UNAVAILABLE = 'SERVICE_UNAVAILABLE: billing not configured, or Stripe unreachable (Retry-After)';

/** Stripe's hosted pages for the signed-in account (CONTRACT section 10). */
@ApiTags('billing')
@AccountOnly()
@ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR: unknown plan or boost' })
@ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: UNAVAILABLE, headers: RETRY_AFTER_HEADER })
@Controller('api/v1/billing')
export class CheckoutController {
  constructor(
    private readonly accounts: AccountStore,
    private readonly pages: CheckoutPages,
  ) {}

  @Post('checkout')
  @DeadlineAllowance(CHECKOUT_ALLOWANCE_MS)
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'startCheckout',
    summary: 'A Stripe Checkout page to subscribe to a plan',
    description:
      'Opens a Stripe Checkout session for the paid plan in subscription mode and answers its URL. ' +
      'The plan applies to every key of the account once Stripe reports the first payment.',
  })
  @ApiCreatedResponse({ type: HostedPageDto })
  @ApiConflictResponse({
    type: ErrorBodyDto,
    description:
      'CONFLICT: the account already has a paid plan (change it with POST /api/v1/billing/subscription)',
  })
  async startCheckout(
    @SignedInSession() session: Session,
    @Body(BodyValidationPipe) body: CheckoutDto,
  ): Promise<HostedPageDto> {
    const account = await this.accountOf(session);
    if (account.plan !== FREE_PLAN_ID) {
      // A second subscription would bill the account twice: the live one changes plan instead.
      throw ApiException.conflict(
        `The account already has the ${account.plan} plan; change it with POST /api/v1/billing/subscription`,
      );
    }
    return { url: await this.pages.subscription(payerOf(account), body.plan) };
  }

  @Post('boosts/checkout')
  @DeadlineAllowance(CHECKOUT_ALLOWANCE_MS)
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiTags('boosts')
  @ApiOperation({
    operationId: 'startBoostCheckout',
    summary: 'A Stripe Checkout page to buy a boost once',
    description:
      'Opens a Stripe Checkout session for a one-time payment; once paid, the boost raises the limits ' +
      'of every key of the account for its duration.',
  })
  @ApiCreatedResponse({ type: HostedPageDto })
  async startBoostCheckout(
    @SignedInSession() session: Session,
    @Body(BodyValidationPipe) body: BoostCheckoutDto,
  ): Promise<HostedPageDto> {
    return { url: await this.pages.boost(await this.payer(session), body.boost) };
  }

  @Post('portal')
  @DeadlineAllowance(CHECKOUT_ALLOWANCE_MS)
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'openBillingPortal',
    summary: 'The Stripe customer portal: change plan or card, cancel',
    description:
      'A Stripe customer portal session for the account, where it changes plan or card or cancels.',
  })
  @ApiCreatedResponse({ type: HostedPageDto })
  async openPortal(@SignedInSession() session: Session): Promise<HostedPageDto> {
    return { url: await this.pages.portal(await this.payer(session)) };
  }

  private async payer(session: Session): Promise<Payer> {
    return payerOf(await this.accountOf(session));
  }

  private async accountOf(session: Session): Promise<AccountRecord> {
    const account = await this.accounts.findById(session.accountId);
    if (!account) throw invalidSessionToken();
    return account;
  }
}

function payerOf(account: AccountRecord): Payer {
  return { accountId: account.id, email: account.email };
}
