import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript, REDIS_COMMAND } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import { GatewayEnvironment } from '../../gateway.environment';
import { sha256Hex } from '../store/secret-hash';
import { generateSecretToken } from '../store/one-time-tokens';
import { END_ALL_SESSIONS, ROTATE_REFRESH_TOKEN, type RotationOutcome, START_SESSION } from './session.lua';

export interface Session {
  readonly sessionId: string;
  readonly accountId: string;
}

export interface IssuedSession extends Session {
  /** Goes to the client in its cookie; only its hash is stored. */
  readonly refreshToken: string;
  /** Seconds the refresh token lasts: its own lifetime, cut short by the sign-in's absolute end. */
  readonly refreshExpiresIn: number;
}

/** A refresh token's session, and the sign-in's absolute end when it has one. */
interface TokenOwner extends Session {
  readonly endsAt?: number;
}

export type Rotation =
  | { readonly outcome: 'rotated'; readonly session: IssuedSession }
  | { readonly outcome: 'unknown' | 'ended' | 'reused' };

const END_ALL_ATTEMPTS = 5;

/**
 * Sign-ins in Redis, read by every replica: a session per sign-in, refresh tokens by hash with
 * rotation and reuse detection, and each account's set of sessions. A sign-in ends at the latest
 * AUTH_SESSION_MAX_AGE_SECONDS (30 days) after its password, however often it is refreshed: the
 * session and every refresh token expire no later than that end.
 */
@Injectable()
export class SessionStore {
  private readonly startSession: RunScript<number>;
  private readonly rotateRefreshToken: RunScript<RotationOutcome>;
  private readonly endAllSessions: RunScript<number>;
  private readonly lifetimeMs: number;
  private readonly maxAgeMs: number;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
    env: GatewayEnvironment,
  ) {
    this.startSession = scripts.bind(START_SESSION);
    this.rotateRefreshToken = scripts.bind(ROTATE_REFRESH_TOKEN);
    this.endAllSessions = scripts.bind(END_ALL_SESSIONS);
    this.lifetimeMs = env.AUTH_REFRESH_TOKEN_TTL_SECONDS * 1000;
    this.maxAgeMs = env.AUTH_SESSION_MAX_AGE_SECONDS * 1000;
  }

  /** A sign-in with the password: it ends at the latest AUTH_SESSION_MAX_AGE_SECONDS from now. */
  async start(accountId: string, now = Date.now()): Promise<IssuedSession> {
    const sessionId = randomBytes(16).toString('hex');
    const refreshToken = generateSecretToken();
    const endsAt = now + this.maxAgeMs;
    const ttlMs = Math.min(this.lifetimeMs, this.maxAgeMs);
    await fromStorage(
      this.startSession(
        [
          this.keys.session(sessionId),
          this.keys.accountSessions(accountId),
          this.keys.refreshToken(sha256Hex(refreshToken)),
        ],
        sessionId,
        accountId,
        ttlMs,
        endsAt,
      ),
    );
    return { sessionId, accountId, refreshToken, refreshExpiresIn: toSeconds(ttlMs) };
  }

  /** Spends the refresh token for a new one of the same sign-in, unless the sign-in is over. */
  async rotate(refreshToken: string, now = Date.now()): Promise<Rotation> {
    const presented = this.keys.refreshToken(sha256Hex(refreshToken));
    const owner = await this.ownerOf(presented);
    if (!owner) return { outcome: 'unknown' };
    const next = generateSecretToken();
    const outcome = await fromStorage(
      this.rotateRefreshToken(
        [
          presented,
          this.keys.refreshToken(sha256Hex(next)),
          this.keys.session(owner.sessionId),
          this.keys.accountSessions(owner.accountId),
        ],
        owner.sessionId,
        owner.accountId,
        this.lifetimeMs,
        now,
        this.maxAgeMs,
      ),
    );
    if (outcome === 'rotated') {
      const ttlMs = Math.min(this.lifetimeMs, (owner.endsAt ?? now + this.maxAgeMs) - now);
      const session = { sessionId: owner.sessionId, accountId: owner.accountId };
      return { outcome, session: { ...session, refreshToken: next, refreshExpiresIn: toSeconds(ttlMs) } };
    }
    return { outcome: outcome === 'reused' || outcome === 'ended' ? outcome : 'unknown' };
  }

  /** The session a refresh token belongs to, spent or not. */
  async ownerOf(refreshKey: string): Promise<TokenOwner | undefined> {
    const [sessionId, accountId, endsAt] = await fromStorage(
      this.redis.hmget(refreshKey, 'sessionId', 'accountId', 'endsAt'),
    );
    if (!sessionId || !accountId) return undefined;
    return { sessionId, accountId, ...(endsAt ? { endsAt: Number(endsAt) } : {}) };
  }

  async ownerOfToken(refreshToken: string): Promise<Session | undefined> {
    const owner = await this.ownerOf(this.keys.refreshToken(sha256Hex(refreshToken)));
    return owner && { sessionId: owner.sessionId, accountId: owner.accountId };
  }

  /** Whether the session is still live and belongs to the account. */
  async isLive(session: Session): Promise<boolean> {
    const owner = await fromStorage(this.redis.hget(this.keys.session(session.sessionId), 'accountId'));
    return owner === session.accountId;
  }

  async end(session: Session): Promise<void> {
    await fromStorage(
      this.redis
        .multi()
        .del(this.keys.session(session.sessionId))
        .srem(this.keys.accountSessions(session.accountId), session.sessionId)
        .exec(),
    );
  }

  /** Ends every sign-in of the account (a password reset). */
  async endAll(accountId: string): Promise<void> {
    const set = this.keys.accountSessions(accountId);
    for (let attempt = 0; attempt < END_ALL_ATTEMPTS; attempt += 1) {
      const ids = await fromStorage(this.redis.smembers(set));
      const sessions = ids.map((id) => this.keys.session(id));
      if ((await fromStorage(this.endAllSessions([set, ...sessions], ...ids))) === 1) return;
    }
    throw new Error('the sessions of an account kept changing while ending them');
  }
}

function toSeconds(ms: number): number {
  return Math.max(1, Math.floor(ms / 1000));
}
