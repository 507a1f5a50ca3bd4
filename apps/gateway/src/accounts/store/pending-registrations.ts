import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, REDIS_COMMAND, type RunScript } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { ADD_PENDING_REGISTRATION, PendingAdd, Verification, VERIFY_WITH_PASSWORD } from './account.lua';

/** CONTRACT section 10: a registration not verified within 7 days is forgotten. */
export const PENDING_REGISTRATION_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The registrations kept per email, the first ones (a later one is dropped, never an earlier one):
 * verification checks each, so their number is bounded.
 */
export const PENDING_REGISTRATIONS_KEPT = 10;

/** One sign-up of a still unverified email: its own password, as its Argon2id hash. */
export interface PendingRegistration {
  /** `<ms>-<random>`: its time first, zero-padded, so ids sort by age. */
  readonly id: string;
  readonly passwordHash: string;
}

/** A new registration's id, dated `now`. */
export function newRegistrationId(now = Date.now()): string {
  return `${String(now).padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
}

function registeredAt(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/**
 * The pending registrations of unverified accounts (CONTRACT section 10): each sign-up keeps its
 * own password beside the earlier ones, and verification takes the one whose password is given, so
 * whoever registers an address first cannot choose the password its owner ends up with.
 */
@Injectable()
export class PendingRegistrations {
  private readonly addPending: RunScript<PendingAdd>;
  private readonly verifyWithPassword: RunScript<Verification>;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.addPending = scripts.bind(ADD_PENDING_REGISTRATION);
    this.verifyWithPassword = scripts.bind(VERIFY_WITH_PASSWORD);
  }

  /**
   * Adds a registration to an unverified account: `Full` when as many are pending already (it is
   * not kept), `NotPending` when the account is gone or verified.
   */
  async add(accountId: string, passwordHash: string, now = Date.now()): Promise<PendingAdd> {
    const added = this.addPending(
      [this.keys.account(accountId), this.keys.pendingRegistrations(accountId)],
      newRegistrationId(now),
      passwordHash,
      PENDING_REGISTRATION_MS,
      PENDING_REGISTRATIONS_KEPT,
      now - PENDING_REGISTRATION_MS,
    );
    return fromStorage(added);
  }

  /** The registrations still pending (not older than 7 days), newest first. */
  async of(accountId: string, now = Date.now()): Promise<PendingRegistration[]> {
    const hash = await fromStorage(this.redis.hgetall(this.keys.pendingRegistrations(accountId)));
    return Object.entries(hash)
      .filter(([id]) => registeredAt(id) >= now - PENDING_REGISTRATION_MS)
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([id, passwordHash]) => ({ id, passwordHash }));
  }

  /** Verifies the account with `registration`'s password, in one step with the checks. */
  async verify(
    accountId: string,
    registration: PendingRegistration,
    now = Date.now(),
  ): Promise<Verification> {
    const done = this.verifyWithPassword(
      [this.keys.account(accountId), this.keys.pendingRegistrations(accountId)],
      registration.id,
      new Date(now).toISOString(),
      now - PENDING_REGISTRATION_MS,
    );
    return fromStorage(done);
  }
}
