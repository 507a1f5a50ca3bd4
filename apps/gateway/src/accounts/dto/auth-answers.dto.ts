import { ApiProperty } from '@nestjs/swagger';

/** 202 of register and password/forgot: the same whether or not the email has an account. */
export class AcceptedDto {
  @ApiProperty({ example: 'If the address can receive it, a mail is on its way.' })
  message!: string;
}

/** 200 of verify-email and password/reset. */
export class DoneDto {
  @ApiProperty({ example: 'Email verified.' })
  message!: string;
}

/** 200 of login and refresh; the refresh token comes in an HttpOnly cookie, not here. */
export class AccessTokenDto {
  @ApiProperty({ description: 'Send as Authorization: Bearer <accessToken> on account operations' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'] })
  tokenType!: 'Bearer';

  @ApiProperty({
    type: 'integer',
    description: 'Seconds until the access token expires (at most 900)',
    example: 900,
  })
  expiresIn!: number;
}
