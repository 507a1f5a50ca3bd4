import { Injectable } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';

/** Sign-ups and email verifications this gateway handled (the business dashboard's first row). */
@Injectable()
export class AccountMetrics {
  private readonly signUps: Counter;
  private readonly verifications: Counter;

  constructor(registry: Registry) {
    this.signUps = new Counter({
      name: 'pds_accounts_signups_total',
      help: 'Accounts created by sign-up on this gateway (a repeated sign-up of a known email not counted)',
      registers: [registry],
    });
    this.verifications = new Counter({
      name: 'pds_accounts_verified_total',
      help: 'Accounts whose email was verified on this gateway',
      registers: [registry],
    });
  }

  signedUp(): void {
    this.signUps.inc();
  }

  verified(): void {
    this.verifications.inc();
  }
}
