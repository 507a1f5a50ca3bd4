import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { GivenPasswordField, NewPasswordField } from './credentials.dto';

const TOKEN_MESSAGE = 'token must be the string from the link in the mail';

/** A token from a mailed link. */
function TokenField(): PropertyDecorator {
  return (target, property) => {
    ApiProperty({ description: 'The token from the link in the mail', maxLength: 256 })(target, property);
    IsString({ message: TOKEN_MESSAGE })(target, property);
    Length(1, 256, { message: TOKEN_MESSAGE })(target, property);
  };
}

/** Body of verify-email: the link's token and the password given when signing up. */
export class VerifyEmailDto {
  @TokenField()
  token!: string;

  @GivenPasswordField()
  password!: string;
}

/** Body of password/reset. */
export class ResetPasswordDto {
  @TokenField()
  token!: string;

  @NewPasswordField()
  password!: string;
}
