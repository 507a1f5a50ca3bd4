import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { AccountOnly, SignedInSession } from '../sessions/account-only.decorator';
import { ApiException } from '../../errors/api-exception';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { QueryValidationPipe } from '../../validation/query-validation.pipe';
import type { Session } from '../sessions/session.store';
import {
  AccountApiKeys,
  resolveUsageRange,
  type UsageBucketDto,
  UsageDto,
  UsageHistory,
  UsageQueryDto,
} from '../../keys';

const CSV_COLUMNS = ['keyId', 'keyName', 'operation', 'start', 'requests', 'rejected'] as const;

/** Whether the caller asked for CSV (`Accept: text/csv`); JSON otherwise. */
function wantsCsv(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.trim().toLowerCase().startsWith('text/csv')) ?? false;
}

/**
 * CSV with a header row. Key names are the owner's own text: a cell a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, …) is quoted with a leading `'` (OWASP's CSV injection advice).
 */
function toCsv(usage: readonly UsageBucketDto[]): string {
  return stringify(
    usage.map((bucket) => CSV_COLUMNS.map((column) => bucket[column])),
    { header: true, columns: [...CSV_COLUMNS], escape_formulas: true },
  );
}

/** The account's usage history (CONTRACT section 10), per key, operation and hour or day. */
@ApiTags('auth')
@AccountOnly()
@Controller('api/v1/account/usage')
export class AccountUsageController {
  constructor(
    private readonly accountKeys: AccountApiKeys,
    private readonly history: UsageHistory,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getAccountUsage',
    summary: 'Requests and 429s per key, operation and hour or day; JSON or CSV',
    description:
      'Every authenticated request of each of the account’s keys (revoked ones too), counted with the rate limit, in UTC hour or day buckets over at most the last 35 days; the 429s among them as `rejected`. Default: the last 24 hours by hour. Buckets without a request are left out. Send `Accept: text/csv` for CSV with a header row.',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: UsageDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: 'VALIDATION_ERROR, naming each failing parameter',
  })
  async usage(
    @SignedInSession() session: Session,
    @Query(QueryValidationPipe) query: UsageQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UsageDto | string> {
    const range = resolveUsageRange(query, Date.now());
    if (Array.isArray(range)) throw ApiException.validation(range);
    // Every key the account made, revoked ones too, as they were used.
    const usage = await this.history.of(await this.accountKeys.list(session.accountId), range);
    if (!wantsCsv(accept)) return { usage };
    void reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="usage.csv"');
    return toCsv(usage);
  }
}
