import { Injectable } from '@nestjs/common';
import { RedisKeys, RedisScripts, type RunScript } from '@pds/redis';
import { type Boost, boostToJson, generateBoostId, type NewBoost } from './boost';
import { GRANT_BOOST, type GrantReply } from './boost-grant.lua';

/** Who a boost raises: one key (found by its id and hash), or every key of an account. */
export type BoostTarget =
  | { readonly kind: 'key'; readonly keyId: string; readonly keyHash: string }
  | { readonly kind: 'account'; readonly accountId: string };

/** A marker set with the grant, for how long. */
export interface GrantMarker {
  readonly key: string;
  readonly ttlMs: number;
}

export interface GrantOptions {
  /** The most active boosts the target may hold; the grant is refused at it. */
  readonly maxActive: number;
  /** A paid Checkout session's marker: the session grants once. */
  readonly paidSession?: GrantMarker;
  /** A webhook event's marker: the event applies once. */
  readonly event?: GrantMarker;
  readonly now?: number;
}

export interface Grant {
  readonly reply: GrantReply;
  /** The boost written when `reply` is 'granted'. */
  readonly boost: Boost;
}

/**
 * The one way a boost is granted, to a key or an account, by whoever grants it: the gateway's
 * entitlements (admin API, CLI) and billing (webhooks, reconciliation), through one script.
 */
@Injectable()
export class BoostGrants {
  private readonly run: RunScript<GrantReply>;

  constructor(
    private readonly keys: RedisKeys,
    scripts: RedisScripts,
  ) {
    this.run = scripts.bind(GRANT_BOOST);
  }

  async grant(target: BoostTarget, request: NewBoost, options: GrantOptions): Promise<Grant> {
    const now = options.now ?? Date.now();
    const boost: Boost = { id: generateBoostId(), grantedAt: now, ...request };
    const markers = [options.paidSession, options.event];
    const reply = await this.run(
      [...this.targetKeys(target), ...markers.flatMap((marker) => (marker ? [marker.key] : []))],
      target.kind,
      boost.id,
      boostToJson(boost),
      boost.expiresAt,
      now,
      options.maxActive,
      this.keys.apiKeyChangesChannel(),
      target.kind === 'key' ? target.keyId : '',
      target.kind === 'key' ? target.keyHash : '',
      ...markers.map((marker) => (marker ? String(marker.ttlMs) : '')),
    );
    return { reply, boost };
  }

  private targetKeys(target: BoostTarget): string[] {
    return target.kind === 'key'
      ? [this.keys.apiKeyBoosts(target.keyId), this.keys.apiKey(target.keyHash), this.keys.apiKeyIndex()]
      : [
          this.keys.accountBoosts(target.accountId),
          this.keys.accountApiKeys(target.accountId),
          this.keys.apiKeyIndex(),
        ];
  }
}
