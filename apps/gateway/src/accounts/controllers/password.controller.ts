import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptedDto, DoneDto } from '../dto/auth-answers.dto';
import { ForgotPasswordDto } from '../dto/credentials.dto';
import { ResetPasswordDto } from '../dto/token.dto';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { DeadlineAllowance } from '../../deadline/http-deadlines';
import { MailRequestLimit } from '../sign-in/mail-request-limit';
import { PasswordReset } from '../sign-in/password-reset.service';
import { PASSWORD_HASHING_ALLOWANCE_MS } from '../passwords/password-hasher';
import { MAIL_ON_ITS_WAY, MailingOperation, PublicAuthController } from './auth-operations.decorator';

/** Forgotten passwords (CONTRACT section 10); no API key needed. */
@ApiTags('auth')
@PublicAuthController()
@Controller('api/v1/auth/password')
export class PasswordController {
  constructor(
    private readonly passwordReset: PasswordReset,
    private readonly mailRequests: MailRequestLimit,
  ) {}

  @Post('forgot')
  @MailingOperation()
  @ApiOperation({
    operationId: 'forgotPassword',
    description:
      'Always 202, whether or not the email belongs to an account, so nothing tells an outsider which emails are registered. When it does, a single-use reset link valid one hour is mailed.',
    summary: 'Mail a reset link valid 1 h when the account exists; the same answer when it does not',
  })
  async forgot(
    @Body(BodyValidationPipe) body: ForgotPasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<AcceptedDto> {
    await this.mailRequests.count(request.ip);
    await this.passwordReset.forgot(body.email);
    return MAIL_ON_ITS_WAY;
  }

  @Post('reset')
  @DeadlineAllowance(PASSWORD_HASHING_ALLOWANCE_MS)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'resetPassword',
    description:
      'Sets a new password (12 to 128 characters) with the token of a reset mail. The token works once; every sign-in of the account ends, on every replica at once.',
    summary: 'Set a new password with the mailed token (single use); every sign-in of the account ends',
  })
  @ApiOkResponse({ type: DoneDto })
  async reset(@Body(BodyValidationPipe) body: ResetPasswordDto): Promise<DoneDto> {
    await this.passwordReset.reset(body.token, body.password);
    return { message: 'Password changed; sign in again.' };
  }
}
