import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, type RedisClient, RedisScripts, type RunScript } from '@pds/redis';
import { randomBytes } from 'node:crypto';
import { fromStorage, GatewayEnvironment, sha256Hex, REDIS } from '../gateway-seams';
import { generateSecretToken } from '../store/one-time-tokens';
import { END_ALL_SESSIONS, ROTATE_REFRESH_TOKEN, type RotationOutcome, START_SESSION } from './session.lua';

export interface Session {
  readonly sessionId: string;
  readonly accountId: string;
}

export interface IssuedSession extends Session {
  /** Goes to the client in its cookie; only its hash is stored. */
  readonly refreshToken: string;
}

export type Rotation =
  | { readonly outcome: 'rotated'; readonly session: IssuedSession }
  | { readonly outcome: 'unknown' | 'ended' | 'reused' };

const END_ALL_ATTEMPTS = 5;

/**
 * Sign-ins in Redis, read by every replica: a session per sign-in, refresh tokens by hash with
 * rotation and reuse detection, and each account's set of sessions.
 */
@Injectable()
export class SessionStore {
  private readonly startSession: RunScript<number>;
  private readonly rotateRefreshToken: RunScript<RotationOutcome>;
  private readonly endAllSessions: RunScript<number>;
  private readonly lifetimeMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
    env: GatewayEnvironment,
  ) {
    this.startSession = scripts.bind(START_SESSION);
    this.rotateRefreshToken = scripts.bind(ROTATE_REFRESH_TOKEN);
    this.endAllSessions = scripts.bind(END_ALL_SESSIONS);
    this.lifetimeMs = env.AUTH_REFRESH_TOKEN_TTL_SECONDS * 1000;
  }

  get lifetimeSeconds(): number {
    return this.lifetimeMs / 1000;
  }

  async start(accountId: string): Promise<IssuedSession> {
    const sessionId = randomBytes(16).toString('hex');
    const refreshToken = generateSecretToken();
    await fromStorage(
      this.startSession(
        [
          this.keys.session(sessionId),
          this.keys.accountSessions(accountId),
          this.keys.refreshToken(sha256Hex(refreshToken)),
        ],
        sessionId,
        accountId,
        this.lifetimeMs,
      ),
    );
    return { sessionId, accountId, refreshToken };
  }

  /** Spends the refresh token for a new one of the same sign-in. */
  async rotate(refreshToken: string): Promise<Rotation> {
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
      ),
    );
    if (outcome === 'rotated') return { outcome, session: { ...owner, refreshToken: next } };
    return { outcome: outcome === 'reused' || outcome === 'ended' ? outcome : 'unknown' };
  }

  /** The session a refresh token belongs to, spent or not. */
  async ownerOf(refreshKey: string): Promise<Session | undefined> {
    const [sessionId, accountId] = await fromStorage(this.redis.hmget(refreshKey, 'sessionId', 'accountId'));
    return sessionId && accountId ? { sessionId, accountId } : undefined;
  }

  async ownerOfToken(refreshToken: string): Promise<Session | undefined> {
    return this.ownerOf(this.keys.refreshToken(sha256Hex(refreshToken)));
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
