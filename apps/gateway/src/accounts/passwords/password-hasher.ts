import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';

/**
 * OWASP's minimum for Argon2id: 19 MiB of memory, 2 iterations, 1 lane. The library's default
 * algorithm is Argon2id (its Algorithm enum is a `const enum`, which isolated builds cannot import).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * What an operation that hashes or checks a password adds to its request deadline: one Argon2 run
 * takes tens of milliseconds on an idle core, many times that on a busy machine.
 */
export const PASSWORD_HASHING_ALLOWANCE_MS = 2000;

/** Passwords as Argon2id hashes only. */
@Injectable()
export class PasswordHasher {
  /** A hash of a random password: checking an unknown email against it costs what a real check costs. */
  private readonly dummyHash: Promise<string>;

  constructor() {
    this.dummyHash = hash(randomBytes(32).toString('hex'), ARGON2_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  /**
   * Whether the password matches; without a stored hash it checks against the dummy one and says
   * no, so an unknown email answers in about the time a wrong password does.
   */
  async matches(storedHash: string | undefined, password: string): Promise<boolean> {
    if (storedHash === undefined) {
      await verify(await this.dummyHash, password);
      return false;
    }
    return verify(storedHash, password);
  }
}
