import { Injectable } from '@nestjs/common';
import { RedisKeys, FixedWindowCounter } from '@pds/redis';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { tooManyRequests } from '../../errors/too-many-requests';
import { GatewayEnvironment } from '../../gateway.environment';

const WINDOW_MS = 60 * 60 * 1000;
const BUCKET = 'account-mail';

/**
 * Sign-ups and reset requests per client address and hour, shared by every replica: each costs an
 * Argon2 hash or sends a mail, so one address can neither load the service nor flood an inbox.
 */
@Injectable()
export class MailRequestLimit {
  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
  ) {}

  async count(address: string): Promise<void> {
    const window = await fromStorage(this.counter.increment(this.keys.rateLimit(address, BUCKET), WINDOW_MS));
    if (window.hits <= this.env.ACCOUNT_MAIL_REQUESTS_PER_HOUR) return;
    throw tooManyRequests('Too many sign-up or password reset requests from this address', window.msLeft);
  }
}
