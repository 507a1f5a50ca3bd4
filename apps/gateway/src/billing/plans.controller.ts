import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../public.decorator';
import { type BoostProduct, type Plan, PlanCatalogue } from '../entitlements';
import { type BoostProductDto, type PlanDto, PlansDto } from './dto/plans.dto';

function planView({ id, name, price, requestsPerMinute, wsConnections, apiKeys }: Plan): PlanDto {
  return { id, name, price, requestsPerMinute, wsConnections, apiKeys };
}

function boostView(boost: BoostProduct): BoostProductDto {
  const { id, name, price, extraRequestsPerMinute, extraWsConnections, durationSeconds } = boost;
  return { id, name, price, extraRequestsPerMinute, extraWsConnections, durationSeconds };
}

/** The catalogue, for anyone choosing a plan (CONTRACT section 10). */
@ApiTags('billing')
@Public()
@Controller('api/v1/billing/plans')
export class PlansController {
  constructor(private readonly catalogue: PlanCatalogue) {}

  @Get()
  @ApiOperation({
    operationId: 'listPlans',
    summary: 'The plans and the boosts on sale, with their limits',
    description:
      'Every plan (free included) and boost with its price as a decimal string and its limits; public.',
  })
  @ApiOkResponse({ type: PlansDto })
  listPlans(): PlansDto {
    return {
      plans: this.catalogue.all().map(planView),
      boosts: this.catalogue.boosts().map(boostView),
    };
  }
}
