import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

export const ACCOUNT_RULES = { emailLength: 254, passwordMin: 12, passwordMax: 128 } as const;

const EMAIL_MESSAGE = `email must be a valid email address of at most ${ACCOUNT_RULES.emailLength} characters`;
const PASSWORD_MESSAGE = `password must be a string of ${ACCOUNT_RULES.passwordMin} to ${ACCOUNT_RULES.passwordMax} characters`;

/** An email field as every auth body has it. */
function EmailField(): PropertyDecorator {
  return (target, property) => {
    ApiProperty({ format: 'email', maxLength: ACCOUNT_RULES.emailLength, example: 'ada@example.com' })(
      target,
      property,
    );
    IsEmail({}, { message: EMAIL_MESSAGE })(target, property);
    MaxLength(ACCOUNT_RULES.emailLength, { message: EMAIL_MESSAGE })(target, property);
  };
}

/** A new password: 12 to 128 characters. */
export function NewPasswordField(): PropertyDecorator {
  return (target, property) => {
    ApiProperty({
      minLength: ACCOUNT_RULES.passwordMin,
      maxLength: ACCOUNT_RULES.passwordMax,
      example: 'correct horse battery staple',
    })(target, property);
    IsString({ message: PASSWORD_MESSAGE })(target, property);
    Length(ACCOUNT_RULES.passwordMin, ACCOUNT_RULES.passwordMax, { message: PASSWORD_MESSAGE })(
      target,
      property,
    );
  };
}

/** Body of register. */
export class RegisterDto {
  @EmailField()
  email!: string;

  @NewPasswordField()
  password!: string;
}

const GIVEN_PASSWORD_MESSAGE = `password must be a string of at most ${ACCOUNT_RULES.passwordMax} characters`;

/** A password that is only compared, so any length up to the maximum is accepted. */
export function GivenPasswordField(): PropertyDecorator {
  return (target, property) => {
    ApiProperty({ maxLength: ACCOUNT_RULES.passwordMax, example: 'correct horse battery staple' })(
      target,
      property,
    );
    IsString({ message: GIVEN_PASSWORD_MESSAGE })(target, property);
    Length(1, ACCOUNT_RULES.passwordMax, { message: GIVEN_PASSWORD_MESSAGE })(target, property);
  };
}

/** Body of login. */
export class LoginDto {
  @EmailField()
  email!: string;

  @GivenPasswordField()
  password!: string;
}

/** Body of password/forgot. */
export class ForgotPasswordDto {
  @EmailField()
  email!: string;
}

/** Body of verify-email/resend. */
export class ResendVerificationDto {
  @EmailField()
  email!: string;
}
