import type { AppLogger } from '@pds/observability';
import { ApiException } from '../../errors/api-exception';
import {
  type Boost,
  type BoostOwner,
  type GrantBoostDto,
  MAX_ACTIVE_BOOSTS,
  type OwnerBoosts,
  toNewBoost,
} from '../../entitlements';
import { type NotFoundSubject, notFound } from '../admin/not-found';

interface OwnerWords {
  /** The 404 for an id that names no owner, and for one that names a revoked owner. */
  readonly notFound: { readonly unknown: NotFoundSubject; readonly revoked: NotFoundSubject };
  /** The owner in the 400 for one boost too many. */
  readonly one: string;
  /** The log lines of a grant and of an end: the owner's id field and the two events. */
  readonly log: { readonly id: string; readonly granted: string; readonly ended: string };
}

/** How the admin boost routes of each kind of owner name it, side by side. */
const OWNER_WORDS: Record<BoostOwner['kind'], OwnerWords> = {
  key: {
    notFound: { unknown: 'API key', revoked: 'active API key' },
    one: 'a key',
    log: { id: 'keyId', granted: 'boost-granted', ended: 'boost-ended' },
  },
  account: {
    // An account is never revoked; a grant that finds none answers revoked-owner or unknown-owner alike.
    notFound: { unknown: 'account', revoked: 'account' },
    one: 'an account',
    log: { id: 'accountId', granted: 'account-boost-granted', ended: 'account-boost-ended' },
  },
};

/**
 * The bodies of the admin routes on an owner's boosts (grant, list, end), the same for a key and an
 * account: each controller keeps its own route and OpenAPI words and calls these.
 */
export class AdminBoostRoutes<View> {
  private readonly words: OwnerWords;

  constructor(
    owner: BoostOwner['kind'],
    private readonly boosts: OwnerBoosts,
    private readonly view: (ownerId: string, boost: Boost) => View,
    private readonly logger: AppLogger,
  ) {
    this.words = OWNER_WORDS[owner];
  }

  async grant(id: string, body: GrantBoostDto): Promise<View> {
    const outcome = await this.boosts.grant(id, toNewBoost(body));
    switch (outcome.kind) {
      case 'granted':
        this.logger.info({ [this.words.log.id]: id, boostId: outcome.boost.id }, this.words.log.granted);
        return this.view(id, outcome.boost);
      case 'unknown-owner':
        throw notFound(this.words.notFound.unknown);
      case 'revoked-owner':
        throw notFound(this.words.notFound.revoked);
      case 'too-many-boosts':
        throw ApiException.validation([
          `${this.words.one} may have at most ${MAX_ACTIVE_BOOSTS} active boosts`,
        ]);
    }
  }

  async list(id: string): Promise<{ boosts: View[] }> {
    const boosts = await this.boosts.activeOfKnown(id);
    if (!boosts) throw notFound(this.words.notFound.unknown);
    return { boosts: boosts.map((boost) => this.view(id, boost)) };
  }

  async end(id: string, boostId: string): Promise<View> {
    const outcome = await this.boosts.end(id, boostId);
    switch (outcome.kind) {
      case 'ended':
        this.logger.info({ [this.words.log.id]: id, boostId }, this.words.log.ended);
        return this.view(id, outcome.boost);
      case 'unknown-owner':
        throw notFound(this.words.notFound.unknown);
      case 'unknown-boost':
        throw notFound('active boost');
    }
  }
}
