// Boosts are stored by the gateway and by the billing reconciliation alike: one definition, in the lib.
export { type Boost, boostFromJson, type BoostTarget, type NewBoost } from '@pds/billing';
