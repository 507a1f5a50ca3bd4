import { Body, Controller, Header, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionTokenOf } from '../sessions/session-token.guard';
import { REFRESH_COOKIE_SCHEME } from '../sessions/account-only.decorator';
import { AcceptedDto, AccessTokenDto } from '../dto/auth-answers.dto';
import { PENDING_REGISTRATIONS_KEPT } from '../store/pending-registrations';
import { LoginDto, RegisterDto, ResendVerificationDto } from '../dto/credentials.dto';
import { VerifyEmailDto } from '../dto/token.dto';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { DeadlineAllowance } from '../../deadline/http-deadlines';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { RETRY_AFTER_HEADER } from '../../docs/response-headers';
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  refreshTokenOf,
  setRefreshCookie,
} from '../sessions/refresh-cookie';
import { MailRequestLimit } from '../sign-in/mail-request-limit';
import { Registration } from '../sign-in/registration.service';
import { type SignedIn, SignIn } from '../sign-in/sign-in.service';
import { PASSWORD_HASHING_ALLOWANCE_MS } from '../passwords/password-hasher';
import { MAIL_ON_ITS_WAY, MailingOperation, PublicAuthController } from './auth-operations.decorator';

/** Sign-up, email verification and sign-in (CONTRACT section 10); no API key needed. */
@ApiTags('auth')
@PublicAuthController()
@Controller('api/v1/auth')
export class AuthController {
  constructor(
    private readonly registration: Registration,
    private readonly signIn: SignIn,
    private readonly mailRequests: MailRequestLimit,
  ) {}

  @Post('register')
  @DeadlineAllowance(PASSWORD_HASHING_ALLOWANCE_MS)
  @MailingOperation()
  @ApiOperation({
    operationId: 'register',
    description:
      'Always 202, whether or not the email is taken, so nothing tells an outsider which emails are registered. A verification link valid 24 h is mailed; verify-email with it and this password confirms the email and signs in. Registering an email that is registered but not yet verified changes nothing of that account: this password is kept beside the earlier ones (for 7 days) and a fresh link is mailed; the password given at verification decides which one counts. Email: valid syntax, at most 254 characters; password: 12 to 128 characters.',
    summary: 'Create an account; a verification link valid 24 h is mailed. Same answer for a taken email',
  })
  async register(
    @Body(BodyValidationPipe) body: RegisterDto,
    @Req() request: FastifyRequest,
  ): Promise<AcceptedDto> {
    await this.mailRequests.count(request.ip);
    await this.registration.register(body.email, body.password);
    return MAIL_ON_ITS_WAY;
  }

  @Post('verify-email')
  @DeadlineAllowance(PASSWORD_HASHING_ALLOWANCE_MS * PENDING_REGISTRATIONS_KEPT)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'verifyEmail',
    description:
      "Confirms the email with the token of a verification mail and the password given when signing up, and signs in: the answer is login's (an access token, and the refresh cookie). The password must be the one of one of the email's pending sign-ups (each keeps its own; they are forgotten after 7 days), and it becomes the account's password, so a link, resent or not, never hands the account to whoever registered the address first. A link, used or not, of an email already confirmed is a 409 `email is already confirmed; sign in`; an unknown or expired token (24 h) a 400 `token is invalid or expired`; a password matching no pending sign-up a 401, and the link stays usable (a password reset link confirms the email too).",
    summary: 'Confirm the email with the mailed token and the sign-up password, and sign in',
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiUnauthorizedResponse({
    type: ErrorBodyDto,
    description: 'UNAUTHORIZED: the password matches none of the pending sign-ups of this email',
  })
  @ApiConflictResponse({
    type: ErrorBodyDto,
    description: 'CONFLICT: email is already confirmed; sign in',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorBodyDto,
    headers: RETRY_AFTER_HEADER,
    description: 'RATE_LIMIT_EXCEEDED: too many failures from this address',
  })
  async verifyEmail(
    @Body(BodyValidationPipe) body: VerifyEmailDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccessTokenDto> {
    const signedIn = await this.registration.verifyEmail(body.token, body.password, request.ip);
    return this.answer(signedIn, request, reply);
  }

  @Post('verify-email/resend')
  @MailingOperation()
  @ApiOperation({
    operationId: 'resendVerificationEmail',
    description:
      'Always 202 with the same body, whether or not the email belongs to an account, so nothing tells an outsider which emails are registered. When the account exists and is not verified yet, a new verification link valid 24 h is mailed, at most one mail a minute per account; earlier links keep working. A link carries no password: verify-email takes the one given when signing up.',
    summary:
      'Mail a new verification link when the account exists and is unverified; the same answer otherwise',
  })
  async resendVerification(
    @Body(BodyValidationPipe) body: ResendVerificationDto,
    @Req() request: FastifyRequest,
  ): Promise<AcceptedDto> {
    await this.mailRequests.count(request.ip);
    await this.registration.resendVerification(body.email);
    return MAIL_ON_ITS_WAY;
  }

  @Post('login')
  @DeadlineAllowance(PASSWORD_HASHING_ALLOWANCE_MS)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'login',
    description:
      'Answers an access token (a bearer token for account operations, valid at most 900 s) and sets the refresh token in an HttpOnly, SameSite=Strict cookie limited to /api/v1/auth. A wrong email or password is the same 401 in about the same time; an unverified email is a 403.',
    summary: `Sign in: an access token, and a refresh token in the HttpOnly cookie ${REFRESH_COOKIE}`,
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'UNAUTHORIZED: Invalid email or password' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'FORBIDDEN: email not verified yet' })
  @ApiTooManyRequestsResponse({
    type: ErrorBodyDto,
    headers: RETRY_AFTER_HEADER,
    description:
      'RATE_LIMIT_EXCEEDED: past 10 failed sign-ins for the account in 15 minutes from addresses that have not signed in to it in the last 30 days, or past 50 from one that has (each attempt is counted before its password is checked); or too many failures from the address',
  })
  async login(
    @Body(BodyValidationPipe) body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccessTokenDto> {
    const signedIn = await this.signIn.login(body.email, body.password, request.ip);
    return this.answer(signedIn, request, reply);
  }

  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiCookieAuth(REFRESH_COOKIE_SCHEME)
  @ApiOperation({
    operationId: 'refresh',
    description:
      'Spends the refresh cookie for a new access token and a new refresh cookie. A refresh token already spent, presented again, ends every session of that sign-in (it was copied). A sign-in lasts at most 30 days from the password, however often it is refreshed; after that the answer is 401 and the cookie is cleared.',
    summary:
      'A new access token and refresh cookie; the old refresh token is spent, and reusing it ends the sign-in',
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiUnauthorizedResponse({
    type: ErrorBodyDto,
    description:
      'UNAUTHORIZED: no, unknown, spent or expired refresh token, or a sign-in past 30 days (the cookie is cleared)',
  })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccessTokenDto> {
    try {
      return this.answer(await this.signIn.refresh(refreshTokenOf(request)), request, reply);
    } catch (error) {
      // A refresh token that no longer works is of no use to the browser: drop it with the 401.
      clearRefreshCookie(request, reply);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiCookieAuth(REFRESH_COOKIE_SCHEME)
  @ApiOperation({
    operationId: 'logout',
    description:
      'Ends the sign-in: its refresh token and its access tokens stop working on every replica at once. Answers 204.',
    summary:
      'End the sign-in of the refresh cookie (or of the access token): both stop working on every replica',
  })
  @ApiNoContentResponse({ description: 'Signed out (also when there was nothing to end)' })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.signIn.logout(refreshTokenOf(request), sessionTokenOf(request));
    clearRefreshCookie(request, reply);
  }

  private answer(signedIn: SignedIn, request: FastifyRequest, reply: FastifyReply): AccessTokenDto {
    setRefreshCookie(request, reply, signedIn.refreshToken, signedIn.refreshExpiresIn);
    return signedIn.access;
  }
}
