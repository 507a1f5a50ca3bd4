/**
 * What the accounts module offers the rest of the gateway: the account record and store, the
 * session guard of account operations (AccountOnly), and the mailer.
 */
export { AccountsModule } from './accounts.module';
export type { AccountRecord } from './store/account-record';
export { AccountStore } from './store/account.store';
export { AccountBoosts } from './boosts/account-boosts';
export { AccountOnly, SignedInSession } from './sessions/account-only.decorator';
export { invalidSessionToken } from './sessions/session-token.guard';
export type { Session } from './sessions/session.store';
export { withAccountSecuritySchemes } from './sessions/account-security-schemes';
export { SubscriptionDto } from './dto/account.dto';
export { Mailer } from './mail/mailer.service';
