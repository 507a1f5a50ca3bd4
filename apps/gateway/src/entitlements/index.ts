/**
 * What the entitlements module offers the rest of the gateway: plans, the limits a key gets, and
 * boosts (read, granted and ended only here).
 */
export { EntitlementsModule } from './entitlements.module';
export { PlanCatalogue } from './plans/plan-catalogue';
export { type BoostProduct, FREE_PLAN_ID, type Plan } from './plans/plan';
export { type Limits, nextExpiry } from './limits/effective-limits';
export {
  type DefaultLimits,
  type KeyAccount,
  type KeyPrincipal,
  type LimitedKey,
  ownLimitsOf,
} from './limits/key-principal';
export { KeyLimits } from './limits/key-limits';
export { OwnerPlans } from './limits/owner-plans';
export { RATE_LIMIT_BUCKET, RateLimitBucket, RateLimited } from './limits/rate-limit-bucket';
export { type Boost, type BoostTarget, type NewBoost } from './boosts/boost';
export {
  type BoostOwner,
  BoostStore,
  type EndOutcome,
  type GrantOutcome,
  MAX_ACTIVE_BOOSTS,
} from './boosts/boost.store';
export { OwnerBoosts } from './boosts/owner-boosts';
export { accountBoostView, boostView } from './boosts/boost-view';
export { BOOST_ENDS, BOOST_TAKES_EFFECT } from './boosts/boost-timing';
export { AccountBoostDto, AccountBoostListDto, BoostDto, BoostListDto } from './boosts/dto/boost.dto';
export { GrantBoostDto, toNewBoost } from './boosts/dto/grant-boost.dto';
