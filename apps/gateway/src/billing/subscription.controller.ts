import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { STRIPE_CALL_BOUND_MS, type SubscriptionSummary } from '@pds/billing';
import { AccountOnly, SignedInSession, type SubscriptionDto, type Session } from '../accounts';
import { DeadlineAllowance } from '../deadline/http-deadlines';
import { RETRY_AFTER_HEADER } from '../docs/response-headers';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { BodyValidationPipe } from '../validation/body-validation.pipe';
import { QueryValidationPipe } from '../validation/query-validation.pipe';
import {
  ChangePlanDto,
  InvoiceListDto,
  PlanChangeDto,
  PlanChangePreviewDto,
  PlanChangePreviewQueryDto,
} from './dto/subscription.dto';
import { AccountInvoices } from './invoices/account-invoices';
import { PlanChangePreview } from './subscription/plan-change-preview';
import { PlanChanges } from './subscription/plan-changes';

/** A plan change reads the subscriptions, may release a schedule, changes, and reads them again. */
const PLAN_CHANGE_ALLOWANCE_MS = 5 * STRIPE_CALL_BOUND_MS;
const UNAVAILABLE = 'SERVICE_UNAVAILABLE: billing not configured, or Stripe unreachable (Retry-After)';
const NOT_CHANGEABLE =
  'CONFLICT: the account has no live subscription (subscribe with POST /api/v1/billing/checkout), or a payment of it is past due (fix the payment in the portal first)';

function subscriptionView(summary: SubscriptionSummary): SubscriptionDto {
  const { status, currentPeriodEnd, cancelAtPeriodEnd, pendingPlan } = summary;
  return { status, currentPeriodEnd, cancelAtPeriodEnd, pendingPlan };
}

/** The signed-in account's own subscription: plan changes and invoices (CONTRACT section 10). */
@ApiTags('billing')
@AccountOnly()
@ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: UNAVAILABLE, headers: RETRY_AFTER_HEADER })
@Controller('api/v1/billing')
export class SubscriptionController {
  constructor(
    private readonly planChanges: PlanChanges,
    private readonly previews: PlanChangePreview,
    private readonly invoices: AccountInvoices,
  ) {}

  @Get('subscription/preview')
  @DeadlineAllowance(3 * STRIPE_CALL_BOUND_MS)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'previewPlanChange',
    summary: 'What a change to a plan would charge now, and when it would apply',
    description:
      "From Stripe's invoice preview with proration: an upgrade's prorated charge for the rest of the paid period (charged, and applied, once paid; a change confirmed within 15 minutes charges exactly this amount), a downgrade or `free` nothing now and from the end of the period. For the current plan while a change is scheduled: withdrawing it, nothing to pay.",
  })
  @ApiOkResponse({ type: PlanChangePreviewDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: 'VALIDATION_ERROR: unknown plan, or the current plan with no change scheduled',
  })
  @ApiConflictResponse({ type: ErrorBodyDto, description: NOT_CHANGEABLE })
  async previewPlanChange(
    @SignedInSession() session: Session,
    @Query(QueryValidationPipe) query: PlanChangePreviewQueryDto,
  ): Promise<PlanChangePreviewDto> {
    return this.previews.preview(session.accountId, query.plan);
  }

  @Post('subscription')
  @DeadlineAllowance(PLAN_CHANGE_ALLOWANCE_MS)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'changePlan',
    summary: 'Change the plan of the live subscription',
    description:
      'An upgrade applies once paid: the rest of the period is prorated and charged now (an invoice, the amount of GET /api/v1/billing/subscription/preview), and every key gets the new limits within 5 s; a declined card changes nothing (402). ' +
      'A downgrade, or `free`, applies at the end of the paid period and shows meanwhile as `subscription.pendingPlan`. ' +
      'Asking for the current plan while a change is pending withdraws that change.',
  })
  @ApiOkResponse({ type: PlanChangeDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: 'VALIDATION_ERROR: unknown plan, or the current plan with no change pending',
  })
  @ApiResponse({
    status: HttpStatus.PAYMENT_REQUIRED,
    type: ErrorBodyDto,
    description: 'PAYMENT_REQUIRED: the card was declined for the prorated charge; the plan is unchanged',
  })
  @ApiConflictResponse({ type: ErrorBodyDto, description: NOT_CHANGEABLE })
  async changePlan(
    @SignedInSession() session: Session,
    @Body(BodyValidationPipe) body: ChangePlanDto,
  ): Promise<PlanChangeDto> {
    const result = await this.planChanges.change(session.accountId, body.plan);
    return { plan: result.plan, subscription: subscriptionView(result.subscription) };
  }

  @Get('invoices')
  @DeadlineAllowance(STRIPE_CALL_BOUND_MS)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listInvoices',
    summary: "The account's invoices, newest first",
    description:
      "Every invoice Stripe issued to the account (first payment, renewals, prorations), newest first, with Stripe's hosted invoice page; empty for an account that never paid.",
  })
  @ApiOkResponse({ type: InvoiceListDto })
  async listInvoices(@SignedInSession() session: Session): Promise<InvoiceListDto> {
    return { invoices: await this.invoices.of(session.accountId) };
  }
}
